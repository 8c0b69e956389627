# GELU over a million floats: fewer than 2^20 elements, so 16 copies an
# iteration (the compile budget), written as two whole vectors per copy group.
# flops: 20*1000000
# bytes: 2*1000000*4
from tinygrad import Tensor
x = Tensor.empty(1000000)
out = (x * 1.5 + 0.25).gelu()
