from tinygrad import Tensor, dtypes

out = Tensor.cat(Tensor.ones(256,256), Tensor.zeros(256,64), dim=1).sum(axis=1)
