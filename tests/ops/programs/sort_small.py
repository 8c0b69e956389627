from tinygrad import Tensor, dtypes

x = (((Tensor.arange(0) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((0,)).clone("CPU")
x1 = (((Tensor.arange(0) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((0, 5)).clone("CPU")
x2 = (((Tensor.arange(1) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1,)).clone("CPU")
x3 = (((Tensor.arange(5) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 5)).clone("CPU")
out = [x.sort(0)[0], x.sort(0)[1], x1.sort(0)[0], x1.sort(0)[1], x2.sort(0)[0], x2.sort(0)[1], x3.sort(0)[0], x3.sort(0)[1]]
