from tinygrad import Tensor, dtypes

x = (((Tensor.arange(1) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape(()).clone("CPU")
x1 = (((Tensor.arange(100) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((10, 10)).clone("CPU")
x2 = (((Tensor.arange(100) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((10, 10)).clone("CPU")
x3 = (((Tensor.arange(100) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((10, 10)).clone("CPU")
x4 = (((Tensor.arange(192) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 6, 8)).clone("CPU")
x5 = (((Tensor.arange(192) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 6, 8)).clone("CPU")
out0 = Tensor.einsum('->', x)
out1 = Tensor.einsum('ij->ji', x1)
out2 = Tensor.einsum('ij -> ji', x2)
out3 = Tensor.einsum('ji', x3)
out4 = Tensor.einsum('jki', x4)
out5 = Tensor.einsum('dog', x5)
(out0.sum() + out1.sum() + out2.sum() + out3.sum() + out4.sum() + out5.sum()).backward()
out = [out0, out1, out2, out3, out4, out5, x.grad, x1.grad, x2.grad, x3.grad, x4.grad, x5.grad]
