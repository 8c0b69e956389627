from tinygrad import Tensor, dtypes

x = Tensor([10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, -10.0, -100.0, -1000.0, -10000.0, -100000.0, -1000000.0])
out = x.cos()
out.sum().backward()
out = [out, x.grad]
