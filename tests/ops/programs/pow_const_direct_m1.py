from tinygrad import Tensor, dtypes

x = Tensor([-float('inf'), 0.0, 1.0, float('inf')])
out = x ** -1
out.sum().backward()
out = [out, x.grad]
