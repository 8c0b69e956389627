from tinygrad import Tensor, dtypes

out = [Tensor(-5).div(2, rounding_mode='trunc'), Tensor(-5).contiguous().div(2, rounding_mode='trunc'), Tensor(-1).contiguous().div(4, rounding_mode='trunc')]
