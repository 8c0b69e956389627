from tinygrad import Tensor, dtypes

x = Tensor([-1.0, 0, 1])
out = x.softsign()
out.sum().backward()
out = [out, x.grad]
