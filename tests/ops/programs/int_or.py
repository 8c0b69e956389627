from tinygrad import Tensor, dtypes

out = Tensor([0], dtype='int') | 0xFFFFFFFF
