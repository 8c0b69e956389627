from tinygrad import Tensor, dtypes

x = (((Tensor.arange(0) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 0, 3, 0, 5)).clone("CPU")
out = Tensor.stack(*x.std_mean(axis=(1,3)))
out.sum().backward()
out = [out, x.grad]
