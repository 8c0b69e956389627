# An EfficientNet-B0 MBConv projection: a 1x1 convolution from 144 to 40
# channels on 16x144x28x28.
# flops: 2*16*40*28*28*144
# bytes: (16*144*28*28+16*40*28*28+40*144)*4
from tinygrad import Tensor
x = Tensor.empty(16, 144, 28, 28)
w = Tensor.empty(40, 144, 1, 1)
out = x.conv2d(w)
