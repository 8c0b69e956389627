from tinygrad import Tensor, dtypes

x = Tensor([-float('inf'), 0.0, float('inf'), float('nan'), 1.1])
out = x.isnan()
