from tinygrad import Tensor, dtypes

x = (((Tensor.arange(300) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((300,)).clone("CPU")
y = (((Tensor.arange(300) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((300,)).clone("CPU")
z = (((Tensor.arange(300) * 40503 + 15437) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((300,)).clone("CPU")
w = (((Tensor.arange(300) * 40503 + 23154) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((300,)).clone("CPU")
v = (((Tensor.arange(300) * 40503 + 30871) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((300,)).clone("CPU")
out = (x+y+z+w+v > 2) & (x < 0.9)
