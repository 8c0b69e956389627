from tinygrad import Tensor, dtypes

x = Tensor([-1.0, 0, 1])
out = x.sign()
out.sum().backward()
out = [out, x.grad]
