from tinygrad import Tensor, dtypes

x = (((Tensor.arange(117) * 40503 + 3) % 65521 * 2 - 65521).float() * 1.52587890625e-05 + 301.5).reshape((9, 13)).clone("CPU")
out = x.sinh()
