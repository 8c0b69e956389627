from tinygrad import Tensor, dtypes

x = Tensor([[True, True, True], [True, True, True], [True, True, True]])
out = x.tril()
