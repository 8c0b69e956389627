from tinygrad import Tensor, dtypes

x = (((Tensor.arange(1024) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((32, 32)).clone("CPU")
y = (((Tensor.arange(1024) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((32, 32)).clone("CPU")
out = x.half().matmul(y.half())
out.sum().backward()
out = [out, x.grad, y.grad]
