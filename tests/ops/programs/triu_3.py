from tinygrad import Tensor, dtypes

x = (((Tensor.arange(0) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 0, 3)).clone("CPU")
x1 = (((Tensor.arange(45) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 3, 3)).clone("CPU")
out0 = x.triu()
out1 = x1.triu(1)
(out0.sum() + out1.sum()).backward()
out = [out0, out1, x.grad, x1.grad]
