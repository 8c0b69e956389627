# A pointwise (1x1) convolution, a ResNet bottleneck's expansion: 16x64x56x56
# to 256 channels, no padding.
# flops: 2*16*256*56*56*64
# bytes: (16*64*56*56+16*256*56*56+256*64)*4
from tinygrad import Tensor
x = Tensor.empty(16, 64, 56, 56)
w = Tensor.empty(256, 64, 1, 1)
out = x.conv2d(w)
