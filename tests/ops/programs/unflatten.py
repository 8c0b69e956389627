from tinygrad import Tensor, dtypes

x = (((Tensor.arange(432) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 3, 6, 6)).clone("CPU")
x1 = (((Tensor.arange(432) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 3, 6, 6)).clone("CPU")
x2 = (((Tensor.arange(432) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 3, 6, 6)).clone("CPU")
out0 = x.unflatten(0, (2, 2))
out1 = x1.unflatten(3, (3, 2))
out2 = x2.unflatten(-1, (3, 2, 1))
(out0.sum() + out1.sum() + out2.sum()).backward()
out = [out0, out1, out2, x.grad, x1.grad, x2.grad]
