from tinygrad import Tensor, dtypes

x = (((Tensor.arange(117) * 40503 + 3) % 65521 * 2 - 65521).float() * 0.000244140625).reshape((9, 13)).clone("CPU")
out = x.hardtanh(-15, 15)
out.sum().backward()
out = [out, x.grad]
