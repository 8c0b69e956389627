from tinygrad import Tensor, dtypes

x = Tensor([float('inf'), float('inf'), float('inf'), float('inf'), float('inf'), float('inf'), float('inf'), -float('inf'), -float('inf'), -float('inf'), -float('inf'), -float('inf'), -float('inf'), -float('inf'), float('nan'), float('nan'), float('nan'), float('nan'), float('nan'), float('nan'), float('nan')])
y = Tensor([-1.0, -0.0, 0.0, 1.0, float('inf'), -float('inf'), float('nan'), -1.0, -0.0, 0.0, 1.0, float('inf'), -float('inf'), float('nan'), -1.0, -0.0, 0.0, 1.0, float('inf'), -float('inf'), float('nan')])
out = x.copysign(y)
