from tinygrad import Tensor, dtypes

x = (((Tensor.arange(6) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 2)).clone("CPU")
out = x.view(6)
out.sum().backward()
out = [out, x.grad]
