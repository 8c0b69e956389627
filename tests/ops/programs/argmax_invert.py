from tinygrad import Tensor, dtypes

x = Tensor([2, 2])
out = (~x).argmax()
