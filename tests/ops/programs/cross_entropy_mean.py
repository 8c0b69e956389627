from tinygrad import Tensor, dtypes

x = (((Tensor.arange(80) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((8, 10)).clone("CPU")
y = (((Tensor.arange(80) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((8, 10)).clone("CPU")
out = x.cross_entropy(y, reduction='mean')
out.sum().backward()
out = [out, x.grad, y.grad]
