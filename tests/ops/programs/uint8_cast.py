from tinygrad import Tensor, dtypes

x = (((Tensor.arange(384) * 40503 + 3) % 65521 * 2 - 65521).float() * 0.0009765625 + 127.5).reshape((2, 3, 8, 8)).clone("CPU")
out = x.cast('uint8')
