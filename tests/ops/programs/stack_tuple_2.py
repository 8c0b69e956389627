from tinygrad import Tensor, dtypes

x = (((Tensor.arange(90) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 6, 3)).clone("CPU")
y = (((Tensor.arange(90) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 6, 3)).clone("CPU")
z = (((Tensor.arange(90) * 40503 + 15437) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 6, 3)).clone("CPU")
out = Tensor.stack((x, y, z), dim=0)
out.sum().backward()
out = [out, x.grad, y.grad, z.grad]
