from tinygrad import Tensor, dtypes

x = Tensor([1.2, 1.2, 1.2, 3.2])
out = (1 < x) & (x < 2)
