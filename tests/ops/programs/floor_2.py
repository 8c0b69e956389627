from tinygrad import Tensor, dtypes

x = (((Tensor.arange(63) * 40503 + 3) % 65521 * 2 - 65521).float() * 6.103515625e-05).reshape((7, 9)).clone("CPU")
out = x.floor()
