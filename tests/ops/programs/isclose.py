from tinygrad import Tensor, dtypes

x = (((Tensor.arange(360) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 4, 5, 6)).clone("CPU")
y = (((Tensor.arange(360) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 4, 5, 6)).clone("CPU")
out = [x.isclose(x), x.isclose(y), x.isclose(x, equal_nan=True), x.isclose(x + 1e-6), x.isclose(x + 1e-9), x.isclose(x + 1e-6, atol=0.0), x.isclose(x + 1e-9, atol=0.0), x.isclose(x + 1e-6, rtol=0.01), x.isclose(x + 1e-9, rtol=0.01)]
