from tinygrad import Tensor, dtypes

x = (((Tensor.arange(1) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1,)).clone("CPU")
x1 = (((Tensor.arange(30) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 2, 3, 1, 5)).clone("CPU")
out = [x.std(axis=(0,), correction=0), x1.std(axis=(0,3), correction=0)]
