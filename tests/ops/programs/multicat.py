from tinygrad import Tensor, dtypes

x = (((Tensor.arange(30) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 6)).clone("CPU")
y = (((Tensor.arange(30) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 6)).clone("CPU")
z = (((Tensor.arange(30) * 40503 + 15437) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 6)).clone("CPU")
x1 = (((Tensor.arange(30) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 6)).clone("CPU")
y1 = (((Tensor.arange(30) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 6)).clone("CPU")
z1 = (((Tensor.arange(30) * 40503 + 15437) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 6)).clone("CPU")
x2 = (((Tensor.arange(30) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 6)).clone("CPU")
y2 = (((Tensor.arange(30) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 6)).clone("CPU")
z2 = (((Tensor.arange(30) * 40503 + 15437) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 6)).clone("CPU")
out0 = x.cat(y, z, dim=-1)
out1 = x1.cat(y1, z1, dim=0)
out2 = x2.cat(y2, z2, dim=1)
(out0.sum() + out1.sum() + out2.sum()).backward()
out = [out0, out1, out2, x.grad, y.grad, z.grad, x1.grad, y1.grad, z1.grad, x2.grad, y2.grad, z2.grad]
