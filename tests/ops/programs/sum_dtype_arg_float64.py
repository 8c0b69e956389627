from tinygrad import Tensor, dtypes

x = (((Tensor.arange(135) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((45, 3)).clone("CPU")
out = x.sum(dtype=dtypes.float64)
