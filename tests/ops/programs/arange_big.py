from tinygrad import Tensor, dtypes

out = Tensor.arange(256)
