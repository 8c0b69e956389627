from tinygrad import Tensor, dtypes

x = (((Tensor.arange(4) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4,)).clone("CPU")
out = x*(x < 0)
out.sum().backward()
out = [out, x.grad]
