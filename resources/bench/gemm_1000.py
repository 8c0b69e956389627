# A square matmul of 1000: the columns padded to 1008 (63 tiles of 16), the
# rows to 1008 (42 tiles of 6 per core).
# flops: 2*1000**3
# bytes: 3*1000*1000*4
from tinygrad import Tensor
a = Tensor.empty(1000, 1000)
b = Tensor.empty(1000, 1000)
out = a @ b
