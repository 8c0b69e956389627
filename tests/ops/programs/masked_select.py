from tinygrad import Tensor, dtypes

x = (((Tensor.arange(320) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((32, 10)).clone("CPU")
out = [x.masked_select(x>0.5), x.masked_select(Tensor(True))]
