from tinygrad import Tensor, dtypes

x = (((Tensor.arange(117) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((9, 13)).clone("CPU")
x1 = (((Tensor.arange(1) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape(()).clone("CPU")
out0 = x.mish()
out1 = x1.mish()
(out0.sum() + out1.sum()).backward()
out = [out0, out1, x.grad, x1.grad]
