from tinygrad import Tensor, dtypes

x = (((Tensor.arange(924) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 3, 11, 28)).clone("CPU")
y = (((Tensor.arange(108) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 3, 3, 3)).clone("CPU")
out = Tensor.conv2d(x,y,padding=1)
out.sum().backward()
out = [out, x.grad, y.grad]
