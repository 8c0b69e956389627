from tinygrad import Tensor, dtypes

x = (((Tensor.arange(60) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 4, 5)).clone("CPU")
y = (((Tensor.arange(60) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 4, 5)).clone("CPU")
x1 = (((Tensor.arange(60) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 4, 5)).clone("CPU")
y1 = (((Tensor.arange(5) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5,)).clone("CPU")
x2 = (((Tensor.arange(5) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5,)).clone("CPU")
y2 = (((Tensor.arange(60) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 4, 5)).clone("CPU")
out = [x >= y, x1 >= y1, x2 >= y2]
