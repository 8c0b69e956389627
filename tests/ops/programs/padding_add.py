from tinygrad import Tensor, dtypes

x = (((Tensor.arange(4096) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((64, 64)).clone("CPU")
y = (((Tensor.arange(3600) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((60, 60)).clone("CPU")
out = x+y.pad((2,2,2,2))
out.sum().backward()
out = [out, x.grad, y.grad]
