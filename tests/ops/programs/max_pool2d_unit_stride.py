from tinygrad import Tensor, dtypes

x = (((Tensor.arange(1428) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 2, 17, 14)).clone("CPU")
out = Tensor.max_pool2d(x, kernel_size=(5,5), stride=1)
out.sum().backward()
out = [out, x.grad]
