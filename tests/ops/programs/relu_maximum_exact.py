from tinygrad import Tensor, dtypes

x = Tensor([-1.0, 0, 1])
out = Tensor.maximum(x, 0)
out.sum().backward()
out = [out, x.grad]
