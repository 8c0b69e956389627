from tinygrad import Tensor, dtypes

out = Tensor([float('inf'), -float('inf'), float('nan')])[Tensor([0, 1, 2])]
