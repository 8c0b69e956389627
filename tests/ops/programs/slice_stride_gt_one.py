from tinygrad import Tensor, dtypes

x = (((Tensor.arange(350) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((7, 5, 10)).clone("CPU")
x1 = (((Tensor.arange(350) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((7, 5, 10)).clone("CPU")
x2 = (((Tensor.arange(350) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((7, 5, 10)).clone("CPU")
out0 = x[::2, ::3, ::4]
out1 = x1[1:-1:2, 0:3:2, 2::5]
out2 = x2[::5]
(out0.sum() + out1.sum() + out2.sum()).backward()
out = [out0, out1, out2, x.grad, x1.grad, x2.grad]
