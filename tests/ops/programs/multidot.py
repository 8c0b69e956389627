from tinygrad import Tensor, dtypes

x = (((Tensor.arange(1500) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 15, 25)).clone("CPU")
y = (((Tensor.arange(1500) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 25, 15)).clone("CPU")
x1 = (((Tensor.arange(3375) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 3, 15, 25)).clone("CPU")
y1 = (((Tensor.arange(3375) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 3, 25, 15)).clone("CPU")
out0 = x @ y
out1 = x1 @ y1
(out0.sum() + out1.sum()).backward()
out = [out0, out1, x.grad, y.grad, x1.grad, y1.grad]
