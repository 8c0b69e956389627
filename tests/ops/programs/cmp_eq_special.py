from tinygrad import Tensor, dtypes

x = Tensor([0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, -1.0, -1.0, -1.0, -1.0, -1.0, float('inf'), float('inf'), float('inf'), float('inf'), float('inf'), -float('inf'), -float('inf'), -float('inf'), -float('inf'), -float('inf')])
y = Tensor([0.0, 1.0, -1.0, float('inf'), -float('inf'), 0.0, 1.0, -1.0, float('inf'), -float('inf'), 0.0, 1.0, -1.0, float('inf'), -float('inf'), 0.0, 1.0, -1.0, float('inf'), -float('inf'), 0.0, 1.0, -1.0, float('inf'), -float('inf')])
out = x == y
