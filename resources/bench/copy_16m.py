# The bandwidth yardstick: every element read once and written once, one add
# per element (a copy the compiler cannot elide).
# flops: 16*1024*1024
# bytes: 2*16*1024*1024*4
from tinygrad import Tensor
x = Tensor.empty(16 * 1024 * 1024)
out = x + 1.0
