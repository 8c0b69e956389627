from tinygrad import Tensor, dtypes

x = (((Tensor.arange(48) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 4, 6)).clone("CPU")
out = x.roll(shifts=(0, 2), dims=(0, 1))
out.sum().backward()
out = [out, x.grad]
