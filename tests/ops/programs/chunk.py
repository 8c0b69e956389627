from tinygrad import Tensor, dtypes

out = list(Tensor.arange(13).repeat((8, 1)).chunk(6, 1)) + list(Tensor.arange(13).repeat((8, 1)).chunk(6, 0)) + list(Tensor.arange(13).repeat((8, 1)).chunk(3, -1)) + list(Tensor.arange(13).repeat((8, 3, 3)).chunk(3, -2))
