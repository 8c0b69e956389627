from tinygrad import Tensor, dtypes

x = Tensor([1, 2, 3])
y = Tensor([True, False, False])
out = [x.maximum(1.2), y.maximum(1.2), y.maximum(3)]
