from tinygrad import Tensor, dtypes

x = (((Tensor.arange(1232) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 2, 11, 28)).clone("CPU")
out = Tensor.max_pool2d(x, kernel_size=2)
out.sum().backward()
out = [out, x.grad]
