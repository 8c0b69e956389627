from tinygrad import Tensor, dtypes

out = Tensor([True, True, False, False], dtype=dtypes.bool) | Tensor([True, False, True, False], dtype=dtypes.bool)
