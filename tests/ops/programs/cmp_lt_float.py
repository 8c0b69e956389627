from tinygrad import Tensor, dtypes

x = Tensor([0.0, 1, 2])
y = Tensor([2.0, 1, 0])
out = x < y
