from tinygrad import Tensor, dtypes

x = Tensor([float('nan')])
out = x.abs()
