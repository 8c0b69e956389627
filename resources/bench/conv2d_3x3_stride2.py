# A strided 3x3 convolution, a ResNet stage's downsampling: 16x64x56x56 to
# 128 channels of 28x28.
# flops: 2*16*128*28*28*64*9
# bytes: (16*64*56*56+16*128*28*28+128*64*9)*4
from tinygrad import Tensor
x = Tensor.empty(16, 64, 56, 56)
w = Tensor.empty(128, 64, 3, 3)
out = x.conv2d(w, stride=2, padding=1)
