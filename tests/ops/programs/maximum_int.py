from tinygrad import Tensor, dtypes

x = Tensor([-1234, 0, 1234, 2147483647, -2147483648])
out = [x.maximum(2147483647), x.maximum(-2147483648)]
