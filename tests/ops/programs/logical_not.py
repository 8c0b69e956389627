from tinygrad import Tensor, dtypes

x = Tensor([True, False, True])
y = Tensor([1.0, 2.0, 0.0, 0.5])
out = [x.logical_not(), y.logical_not()]
