from tinygrad import Tensor, dtypes

x = Tensor([1, 2, 3])
y = Tensor([True, False, False])
out = [x.minimum(1.2), y.minimum(1.2), y.minimum(3)]
