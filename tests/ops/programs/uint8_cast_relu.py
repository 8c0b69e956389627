from tinygrad import Tensor, dtypes

x = (((Tensor.arange(384) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 3, 8, 8)).clone("CPU")
out = x.relu().cast('uint8')
