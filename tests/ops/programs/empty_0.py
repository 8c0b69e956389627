from tinygrad import Tensor, dtypes

out = Tensor.empty(5,7)*0/0
