# A float16 matmul accumulating in float32: TC's mma.sync (sm_80 and later)
# and WMMA (gfx11) tile, e.g. uopc emit --isa --target gfx1100 --opt 'TC(2)'
from tinygrad import Tensor, dtypes

a = Tensor.rand(64, 64).cast(dtypes.half)
b = Tensor.rand(64, 64).cast(dtypes.half)
out = a @ b
