from tinygrad import Tensor, dtypes

x = (((Tensor.arange(1) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape(()).clone("CPU")
out = x.any()
