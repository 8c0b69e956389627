from tinygrad import Tensor, dtypes

x = (((Tensor.arange(512) * 40503 + 3) % 65521 * 2 - 65521).float() * 7.62939453125e-06 + 1.0).reshape((512,)).clone("CPU")
x1 = (((Tensor.arange(1022) * 40503 + 3) % 65521 * 2 - 65521).float() * 7.62939453125e-06 + 1.0).reshape((1022,)).clone("CPU")
out0 = x.cumprod(axis=0)
out1 = x1.cumprod(axis=0)
(out0.sum() + out1.sum()).backward()
out = [out0, out1, x.grad, x1.grad]
