from tinygrad import Tensor, dtypes

x = (((Tensor.arange(8) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((8,)).clone("CPU")
y = (((Tensor.arange(1) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1,)).clone("CPU")
z = (((Tensor.arange(1) * 40503 + 15437) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1,)).clone("CPU")
x1 = (((Tensor.arange(100) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((10, 10)).clone("CPU")
y1 = (((Tensor.arange(10) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((10,)).clone("CPU")
z1 = (((Tensor.arange(10) * 40503 + 15437) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((10,)).clone("CPU")
x2 = (((Tensor.arange(100) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((100,)).clone("CPU")
y2 = (((Tensor.arange(100) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((100,)).clone("CPU")
z2 = (((Tensor.arange(100) * 40503 + 15437) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((100,)).clone("CPU")
x3 = (((Tensor.arange(100) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((10, 10)).clone("CPU")
y3 = (((Tensor.arange(100) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((10, 10)).clone("CPU")
z3 = (((Tensor.arange(100) * 40503 + 15437) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((10, 10)).clone("CPU")
out = [(x > 0.5).where(y, z), (x1 > 0.5).where(y1, z1), (x2 > 0.5).where(y2, z2), (x3 > 0.5).where(y3, z3)]
