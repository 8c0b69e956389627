from tinygrad import Tensor, dtypes

x = Tensor([False, True])
y = Tensor([True, False])
out = [x.max(), y.max()]
