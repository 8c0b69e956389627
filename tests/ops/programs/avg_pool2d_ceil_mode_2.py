from tinygrad import Tensor, dtypes

x = (((Tensor.arange(36) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 1, 6, 6)).clone("CPU")
out = Tensor.avg_pool2d(x, kernel_size=(3,2), padding=1, stride=3, ceil_mode=True)
out.sum().backward()
out = [out, x.grad]
