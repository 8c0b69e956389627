from tinygrad import Tensor, dtypes

x = (((Tensor.arange(25) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 5)).clone("CPU")
out = (x > 0.5).where(4, 2).clone().permute((1, 0))
