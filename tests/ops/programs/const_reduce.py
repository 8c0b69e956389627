from tinygrad import Tensor, dtypes

x = (((Tensor.arange(9) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 3)).clone("CPU")
out = [x.full_like(2).sum(), x.full_like(2).prod(), x.full_like(2).max()]
