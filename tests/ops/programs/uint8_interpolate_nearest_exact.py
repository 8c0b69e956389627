from tinygrad import Tensor, dtypes

x = (((Tensor.arange(6144) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 3, 32, 32)).clone("CPU")
out = Tensor.interpolate((10*x).relu().cast('uint8'), size=(10, 10), mode='nearest-exact')
