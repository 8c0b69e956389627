from tinygrad import Tensor, dtypes

x = Tensor([1.499, 1.5, 1.501, 1.0, 2.1, 0.0, -5.0, -2.499, -2.5, -2.501])
out = x.ceil()
