# A transformer MLP's first layer: a matmul whose GELU fuses into its tile's
# stores (the tile and the activation one vector code), then the second matmul.
# flops: 2*256*768*3072*2
# bytes: (256*768+768*3072+3072*768+256*768)*4
from tinygrad import Tensor
x = Tensor.empty(256, 768)
w1 = Tensor.empty(768, 3072)
w2 = Tensor.empty(3072, 768)
out = (x @ w1).gelu() @ w2
