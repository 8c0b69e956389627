from tinygrad import Tensor, dtypes

x = (((Tensor.arange(72) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 6, 3)).clone("CPU")
x1 = (((Tensor.arange(1) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape(()).clone("CPU")
out0 = x.repeat([2, 4, 3, 3, 2, 2])
out1 = x1.repeat([2, 4, 3, 3, 2, 2])
(out0.sum() + out1.sum()).backward()
out = [out0, out1, x.grad, x1.grad]
