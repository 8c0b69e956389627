from tinygrad import Tensor, dtypes

x = (((Tensor.arange(5) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5,)).clone("CPU")
out = x.diag()
out.sum().backward()
out = [out, x.grad]
