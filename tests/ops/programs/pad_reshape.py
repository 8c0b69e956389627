from tinygrad import Tensor, dtypes

x = (((Tensor.arange(2) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 2)).clone("CPU")
x1 = (((Tensor.arange(2) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 2)).clone("CPU")
x2 = (((Tensor.arange(2) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 1, 1, 2)).clone("CPU")
out0 = x.pad((0, 1, 1, 0)).reshape((3, 2))
out1 = x1.pad((0, 2, 1, 1)).reshape((4, 3))
out2 = x2.pad(((0, 2), (1, 2), (2, 2), (0, 4))).reshape((4, 3, 6, 5))
(out0.sum() + out1.sum() + out2.sum()).backward()
out = [out0, out1, out2, x.grad, x1.grad, x2.grad]
