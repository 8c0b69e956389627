# A small convnet forward pass: conv, relu, max pool, conv with padding,
# global average pool, then a linear classifier and softmax.
from tinygrad import Tensor, dtypes

img = (Tensor.arange(2 * 1 * 8 * 8).reshape(2, 1, 8, 8).float() * 0.13).sin()
k1 = (Tensor.arange(4 * 1 * 3 * 3).reshape(4, 1, 3, 3).float() * 0.7).cos() * 0.3
k2 = (Tensor.arange(6 * 4 * 3 * 3).reshape(6, 4, 3, 3).float() * 0.19).sin() * 0.2
w = (Tensor.arange(6 * 3).reshape(6, 3).float() * 0.41).cos()
h = img.conv2d(k1, Tensor([0.1, -0.1, 0.0, 0.2])).relu().max_pool2d()
h = h.conv2d(k2, padding=1).relu()
features = h.mean(axis=(2, 3))
logits = features.linear(w)
out = [h, logits, logits.softmax()]
