# A matmul whose sizes no tile divides (999 rows, 333 columns): B packed in
# padded panels, the columns padded to whole 16-wide tiles, the rows to whole
# tiles per core.
# flops: 2*999*512*333
# bytes: (999*512+512*333+999*333)*4
from tinygrad import Tensor
a = Tensor.empty(999, 512)
b = Tensor.empty(512, 333)
out = a @ b
