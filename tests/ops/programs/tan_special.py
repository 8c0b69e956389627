from tinygrad import Tensor, dtypes

x = Tensor([float('nan'), float('inf'), -float('inf'), 0.0])
out = x.tan()
out.sum().backward()
out = [out, x.grad]
