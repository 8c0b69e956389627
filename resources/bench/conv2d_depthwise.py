# A depthwise 3x3 convolution (one filter per channel, groups = channels), as
# in MobileNet and EfficientNet: 16x144x56x56.
# flops: 2*16*144*56*56*9
# bytes: (2*16*144*56*56+144*9)*4
from tinygrad import Tensor
x = Tensor.empty(16, 144, 56, 56)
w = Tensor.empty(144, 1, 3, 3)
out = x.conv2d(w, groups=144, padding=1)
