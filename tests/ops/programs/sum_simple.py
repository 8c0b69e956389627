from tinygrad import Tensor, dtypes

x = Tensor([1.0, 1.0])
out = x.sum()
out.sum().backward()
out = [out, x.grad]
