from tinygrad import Tensor, dtypes

out = Tensor([True, False]).where(1, 3).clone()
