from tinygrad import Tensor, dtypes

x = (((Tensor.arange(432) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 3, 6, 6)).clone("CPU")
x1 = (((Tensor.arange(1) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape(()).clone("CPU")
out = [x.detach(), x1.detach()]
