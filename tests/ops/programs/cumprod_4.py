from tinygrad import Tensor, dtypes

x = (((Tensor.arange(0) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 0, 4)).clone("CPU")
x1 = (((Tensor.arange(0) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((0, 3)).clone("CPU")
x2 = (((Tensor.arange(0) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 3, 0)).clone("CPU")
out0 = x.cumprod(axis=1)
out1 = x1.cumprod(axis=0)
out2 = x2.cumprod(axis=2)
(out0.sum() + out1.sum() + out2.sum()).backward()
out = [out0, out1, out2, x.grad, x1.grad, x2.grad]
