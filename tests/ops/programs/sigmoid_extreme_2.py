from tinygrad import Tensor, dtypes

x = (((Tensor.arange(117) * 40503 + 3) % 65521 * 2 - 65521).float() * 0.00048828125 + -350.0).reshape((9, 13)).clone("CPU")
out = x.sigmoid()
out.sum().backward()
out = [out, x.grad]
