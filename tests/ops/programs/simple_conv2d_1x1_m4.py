from tinygrad import Tensor, dtypes

x = (((Tensor.arange(4096) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 16, 16, 16)).clone("CPU")
y = (((Tensor.arange(256) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((16, 16, 1, 1)).clone("CPU")
out = Tensor.conv2d(x,y)
out.sum().backward()
out = [out, x.grad, y.grad]
