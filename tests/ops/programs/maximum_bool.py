from tinygrad import Tensor, dtypes

x = Tensor([True, False, False])
y = Tensor([True, True, False])
out = [x.maximum(True), x.maximum(y)]
