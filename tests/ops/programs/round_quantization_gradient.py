from tinygrad import Tensor, dtypes

x = Tensor([-1.2, -0.7, -0.2, 0.2, 0.7, 1.2])
out = x + 0.125 * (x.round() - x)
out.sum().backward()
out = [out, x.grad]
