from tinygrad import Tensor, dtypes

x = (((Tensor.arange(360) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 4, 5, 6)).clone("CPU")
x1 = (((Tensor.arange(1) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape(()).clone("CPU")
out0 = x.mean()
out1 = x1.mean()
(out0.sum() + out1.sum()).backward()
out = [out0, out1, x.grad, x1.grad]
