from tinygrad import Tensor, dtypes

x = (((Tensor.arange(4096) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 1, 16, 16, 16)).clone("CPU")
out = Tensor.avg_pool2d(x, kernel_size=(8,8,8), stride=5, padding=1, count_include_pad=False)
