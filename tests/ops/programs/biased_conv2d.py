from tinygrad import Tensor, dtypes

x = (((Tensor.arange(200) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 8, 5, 5)).clone("CPU")
y = (((Tensor.arange(64) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((8, 8, 1, 1)).clone("CPU")
z = (((Tensor.arange(8) * 40503 + 15437) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((8,)).clone("CPU")
out = Tensor.conv2d(x,y,z).relu().conv2d(y,z)
out.sum().backward()
out = [out, x.grad, y.grad, z.grad]
