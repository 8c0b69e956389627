from tinygrad import Tensor, dtypes

x = (((Tensor.arange(1296) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 16, 9, 9)).clone("CPU")
y = (((Tensor.arange(2304) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((16, 16, 3, 3)).clone("CPU")
out = Tensor.conv2d(x,y)
out.sum().backward()
out = [out, x.grad, y.grad]
