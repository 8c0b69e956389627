from tinygrad import Tensor, dtypes

x = Tensor([0, 1, 2, 3])
y = Tensor([True, False])
out = [x.float(), y.float()]
