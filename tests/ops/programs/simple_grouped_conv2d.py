from tinygrad import Tensor, dtypes

x = (((Tensor.arange(4) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 4, 1, 1)).clone("CPU")
y = (((Tensor.arange(4) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 2, 1, 1)).clone("CPU")
out = Tensor.conv2d(x,y,groups=2)
out.sum().backward()
out = [out, x.grad, y.grad]
