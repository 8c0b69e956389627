from tinygrad import Tensor, dtypes

x = (((Tensor.arange(320) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((32, 10)).clone("CPU")
x1 = (((Tensor.arange(20) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((20,)).clone("CPU")
x2 = (((Tensor.arange(150) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((10, 5, 3)).clone("CPU")
out = [(x>0.5).nonzero(), (x1>0.5).nonzero(), (x2>0.5).nonzero()]
