from tinygrad import Tensor, dtypes

x = Tensor([1e-07, 1e-08, 1e-09])
y = Tensor([0.0, 0.0, 0.0])
out = x.isclose(y)
