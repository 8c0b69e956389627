from tinygrad import Tensor, dtypes

x = Tensor([True, True, False])
y = Tensor([False, True, False])
out = x == y
