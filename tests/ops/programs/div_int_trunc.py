from tinygrad import Tensor, dtypes

x = Tensor([-4, 7, 5, 4, -7, 8])
y = Tensor([2, -3, 8, -2, 3, 5])
out = x.div(y, rounding_mode='trunc')
