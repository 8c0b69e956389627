# A float16 matmul on the CPU: half loads and stores, float32 accumulation
# inside the kernel as tinygrad's half dot does.
# flops: 2*512*512*512
# bytes: 3*512*512*2
from tinygrad import Tensor, dtypes
a = Tensor.empty(512, 512, dtype=dtypes.half)
b = Tensor.empty(512, 512, dtype=dtypes.half)
out = a @ b
