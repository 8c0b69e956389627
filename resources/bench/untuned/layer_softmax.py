# One 32x32 layer: (x @ w).relu().softmax(-1).
from tinygrad import Tensor
x = Tensor.arange(32 * 32).reshape(32, 32).sin()
w = Tensor.arange(32 * 32).reshape(32, 32).cos()
out = (x @ w).relu().softmax(-1)
