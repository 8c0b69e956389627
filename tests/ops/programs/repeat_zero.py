from tinygrad import Tensor, dtypes

x = (((Tensor.arange(72) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 6, 3)).clone("CPU")
out = x.repeat((2, 0, 4))
