from tinygrad import Tensor, dtypes

x = (((Tensor.arange(120) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 5, 6)).clone("CPU")
y = (((Tensor.arange(120) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 5, 6)).clone("CPU")
x1 = (((Tensor.arange(120) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 5, 6)).clone("CPU")
y1 = (((Tensor.arange(120) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 5, 6)).clone("CPU")
x2 = (((Tensor.arange(120) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 5, 6)).clone("CPU")
y2 = (((Tensor.arange(120) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 5, 6)).clone("CPU")
x3 = (((Tensor.arange(120) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 5, 6)).clone("CPU")
y3 = (((Tensor.arange(120) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 5, 6)).clone("CPU")
x4 = (((Tensor.arange(120) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 5, 6)).clone("CPU")
y4 = (((Tensor.arange(120) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 5, 6)).clone("CPU")
x5 = (((Tensor.arange(120) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 5, 6)).clone("CPU")
y5 = (((Tensor.arange(120) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 5, 6)).clone("CPU")
out = [x.scatter(dim=0, index=(Tensor.arange(60).reshape(3,4,5) * 7 % 3), src=y), x1.scatter(dim=1, index=(Tensor.arange(60).reshape(3,4,5) * 7 % 3), src=y1), x2.scatter(dim=2, index=(Tensor.arange(60).reshape(3,4,5) * 7 % 3), src=y2), x3.scatter(dim=-1, index=(Tensor.arange(60).reshape(3,4,5) * 7 % 3), src=y3), x4.scatter(dim=-2, index=(Tensor.arange(60).reshape(3,4,5) * 7 % 3), src=y4), x5.scatter(dim=-3, index=(Tensor.arange(60).reshape(3,4,5) * 7 % 3), src=y5)]
