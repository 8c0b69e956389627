from tinygrad import Tensor, dtypes

x = (((Tensor.arange(16384) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((16384,)).clone("CPU")
out = x.sum()
out.sum().backward()
out = [out, x.grad]
