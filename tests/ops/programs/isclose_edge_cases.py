from tinygrad import Tensor, dtypes

x = Tensor([float('inf'), float('inf'), float('inf'), float('inf'), -float('inf'), -float('inf'), -float('inf'), -float('inf'), float('nan'), float('nan'), float('nan'), float('nan'), 0.0, 0.0, 0.0, 0.0])
y = Tensor([float('inf'), -float('inf'), float('nan'), 0.0, float('inf'), -float('inf'), float('nan'), 0.0, float('inf'), -float('inf'), float('nan'), 0.0, float('inf'), -float('inf'), float('nan'), 0.0])
out = [x.isclose(y), x.isclose(y, equal_nan=True)]
