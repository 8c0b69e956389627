from tinygrad import Tensor, dtypes

x = (((Tensor.arange(25) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 1, 5, 5)).clone("CPU")
out = Tensor.avg_pool2d(x, kernel_size=(3,3), stride=3, padding=1, ceil_mode=True)
out.sum().backward()
out = [out, x.grad]
