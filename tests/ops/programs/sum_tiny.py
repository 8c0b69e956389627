from tinygrad import Tensor, dtypes

x = (((Tensor.arange(16) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 2, 2)).clone("CPU")
out = x.sum(axis=(0,2))
out.sum().backward()
out = [out, x.grad]
