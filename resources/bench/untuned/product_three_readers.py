# One product read by a matmul, a sum and a max.
from tinygrad import Tensor
a = Tensor.arange(48 * 40).reshape(48, 40).sin()
b = Tensor.arange(40 * 32).reshape(40, 32).cos()
d = Tensor.arange(32 * 20).reshape(32, 20).sin()
ab = a @ b
out = [ab @ d, ab.sum(), ab.max(axis=1)]
