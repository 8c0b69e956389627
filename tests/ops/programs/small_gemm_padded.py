from tinygrad import Tensor, dtypes

x = (((Tensor.arange(81) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((9, 9)).clone("CPU")
y = (((Tensor.arange(81) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((9, 9)).clone("CPU")
out = x.pad(((0,7),(0,7)))@y.pad(((0,7),(0,7)))
out.sum().backward()
out = [out, x.grad, y.grad]
