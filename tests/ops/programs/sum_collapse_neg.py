from tinygrad import Tensor, dtypes

out = (-Tensor.ones(3,3)).sum(axis=1)
