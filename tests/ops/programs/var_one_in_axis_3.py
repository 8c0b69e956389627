from tinygrad import Tensor, dtypes

x = (((Tensor.arange(30) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 2, 3, 1, 5)).clone("CPU")
x1 = (((Tensor.arange(30) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 2, 3, 1, 5)).clone("CPU")
x2 = (((Tensor.arange(1) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1,)).clone("CPU")
x3 = (((Tensor.arange(30) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 2, 3, 1, 5)).clone("CPU")
out0 = x.var(axis=(0,4))
out1 = x1.var(axis=(0,4), correction=0)
out2 = x2.var(axis=(0,), correction=0)
out3 = x3.var(axis=(0,3), correction=0)
(out0.sum() + out1.sum() + out2.sum() + out3.sum()).backward()
out = [out0, out1, out2, out3, x.grad, x1.grad, x2.grad, x3.grad]
