from tinygrad import Tensor, dtypes

x = (((Tensor.arange(60) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 4, 5)).clone("CPU")
y = (((Tensor.arange(60) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 4, 5)).clone("CPU")
x1 = (((Tensor.arange(300) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((10, 3, 10)).clone("CPU")
y1 = (((Tensor.arange(1000) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((10, 10, 10)).clone("CPU")
out = [x.scatter(dim=1, index=(Tensor.arange(60).reshape(3,4,5) * 7 % 3), src=y), x1.scatter(dim=1, index=(Tensor.arange(60).reshape(3,4,5) * 7 % 3), src=y1)]
