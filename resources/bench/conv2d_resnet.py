# A ResNet-50 layer3 3x3 convolution: 16x256x14x14, 256 filters.
# flops: 2*16*256*14*14*256*9
# bytes: (2*16*256*14*14+256*256*9)*4
from tinygrad import Tensor
x = Tensor.empty(16, 256, 14, 14)
w = Tensor.empty(256, 256, 3, 3)
out = x.conv2d(w, padding=1)
