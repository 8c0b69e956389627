from tinygrad import Tensor, dtypes

x = (((Tensor.arange(256) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((256, 1)).clone("CPU")
out = x.sum(axis=1)
out.sum().backward()
out = [out, x.grad]
