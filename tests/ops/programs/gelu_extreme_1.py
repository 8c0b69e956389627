from tinygrad import Tensor, dtypes

x = (((Tensor.arange(117) * 40503 + 3) % 65521 * 2 - 65521).float() * 0.00048828125 + 350.0).reshape((9, 13)).clone("CPU")
x1 = (((Tensor.arange(117) * 40503 + 3) % 65521 * 2 - 65521).float() * 0.00048828125 + 350.0).reshape((9, 13)).clone("CPU")
out0 = x.gelu(approximate='tanh')
out1 = x1.gelu(approximate='none')
(out0.sum() + out1.sum()).backward()
out = [out0, out1, x.grad, x1.grad]
