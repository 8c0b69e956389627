from tinygrad import Tensor, dtypes

x = Tensor([0, -2147483648])
y = Tensor([-2147483648, 0])
out = [x.min(), y.min()]
