# y = (a @ b) @ c, then y.T @ y: a product chain whose naive fusion recomputes everything per output.
from tinygrad import Tensor
a = Tensor.arange(40 * 72).reshape(40, 72).sin()
b = Tensor.arange(72 * 56).reshape(72, 56).cos()
c = Tensor.arange(56 * 24).reshape(56, 24).sin()
y = (a @ b) @ c
out = y.T @ y
