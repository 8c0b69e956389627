from tinygrad import Tensor, dtypes

x = (((Tensor.arange(0) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 0, 3)).clone("CPU")
y = (((Tensor.arange(15) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 1, 3)).clone("CPU")
z = (((Tensor.arange(30) * 40503 + 15437) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 2, 3)).clone("CPU")
x1 = (((Tensor.arange(0) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 0, 3)).clone("CPU")
y1 = (((Tensor.arange(0) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 0, 3)).clone("CPU")
z1 = (((Tensor.arange(0) * 40503 + 15437) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 0, 3)).clone("CPU")
out0 = x.cat(y, z, dim=1)
out1 = x1.cat(y1, z1, dim=1)
(out0.sum() + out1.sum()).backward()
out = [out0, out1, x.grad, y.grad, z.grad, x1.grad, y1.grad, z1.grad]
