from tinygrad import Tensor, dtypes

x = (((Tensor.arange(336) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((6, 7, 8)).clone("CPU")
out = x.cummax(axis=2)[0]
out.sum().backward()
out = [out, x.grad]
