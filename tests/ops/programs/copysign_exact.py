from tinygrad import Tensor, dtypes

x = Tensor([-1.0, -1.0, -1.0, -1.0, -1.0, -1.0, -1.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0])
y = Tensor([-1.0, -0.0, 0.0, 1.0, float('inf'), -float('inf'), float('nan'), -1.0, -0.0, 0.0, 1.0, float('inf'), -float('inf'), float('nan'), -1.0, -0.0, 0.0, 1.0, float('inf'), -float('inf'), float('nan'), -1.0, -0.0, 0.0, 1.0, float('inf'), -float('inf'), float('nan')])
out = x.copysign(y)
out.sum().backward()
out = [out, x.grad, y.grad]
