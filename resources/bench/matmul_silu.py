# A matmul with a fused SiLU: x * sigmoid(x), zeroed below -128 ln 2 by a
# comparison cast to float, in the tile's vector code.
# flops: 2*512*1024*1024
# bytes: (512*1024+1024*1024+512*1024)*4
from tinygrad import Tensor
x = Tensor.empty(512, 1024)
w = Tensor.empty(1024, 1024)
out = (x @ w).silu()
