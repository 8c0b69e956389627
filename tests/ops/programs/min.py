from tinygrad import Tensor, dtypes

x = (((Tensor.arange(9) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 3)).clone("CPU")
x1 = (((Tensor.arange(135) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((45, 3)).clone("CPU")
x2 = (((Tensor.arange(135) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((45, 3)).clone("CPU")
x3 = (((Tensor.arange(1) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape(()).clone("CPU")
out0 = x.min()
out1 = x1.min()
out2 = x2.min().mul(0.5)
out3 = x3.min()
(out0.sum() + out1.sum() + out2.sum() + out3.sum()).backward()
out = [out0, out1, out2, out3, x.grad, x1.grad, x2.grad, x3.grad]
