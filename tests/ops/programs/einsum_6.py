from tinygrad import Tensor, dtypes

x = (((Tensor.arange(16) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 4)).clone("CPU")
x1 = (((Tensor.arange(75) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 5, 5)).clone("CPU")
x2 = (((Tensor.arange(75) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 5, 5)).clone("CPU")
out0 = Tensor.einsum('ii->', x)
out1 = Tensor.einsum('...ii->...i', x1)
out2 = Tensor.einsum('...ii->...', x2)
(out0.sum() + out1.sum() + out2.sum()).backward()
out = [out0, out1, out2, x.grad, x1.grad, x2.grad]
