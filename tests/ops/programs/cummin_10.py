from tinygrad import Tensor, dtypes

x = (((Tensor.arange(0) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((0, 3)).clone("CPU")
out = x.cummin(axis=0)[0]
out.sum().backward()
out = [out, x.grad]
