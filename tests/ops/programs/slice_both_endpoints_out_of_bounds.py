from tinygrad import Tensor, dtypes

x = (((Tensor.arange(27) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 3, 3)).clone("CPU")
x1 = (((Tensor.arange(27) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 3, 3)).clone("CPU")
out0 = x[5:10]
out1 = x1[-15:-7]
(out0.sum() + out1.sum()).backward()
out = [out0, out1, x.grad, x1.grad]
