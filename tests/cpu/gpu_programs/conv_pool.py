# A small convolution with padding, a max pool and a batched matmul.
from tinygrad import Tensor

img = Tensor.rand(2, 3, 16, 16)
w = Tensor.rand(8, 3, 3, 3)
y = img.conv2d(w, padding=1).relu().max_pool2d()
q = Tensor.rand(4, 32, 16)
k = Tensor.rand(4, 16, 32)
att = (q @ k).softmax(axis=-1)
out = [y, att]
