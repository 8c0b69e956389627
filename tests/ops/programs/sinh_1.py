from tinygrad import Tensor, dtypes

x = (((Tensor.arange(117) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((9, 13)).clone("CPU")
out = x.sinh()
out.sum().backward()
out = [out, x.grad]
