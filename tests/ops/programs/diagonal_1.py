from tinygrad import Tensor, dtypes

x = (((Tensor.arange(25) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 5)).clone("CPU")
x1 = (((Tensor.arange(12) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 4)).clone("CPU")
x2 = (((Tensor.arange(12) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 3)).clone("CPU")
x3 = (((Tensor.arange(27) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 3, 3)).clone("CPU")
x4 = (((Tensor.arange(120) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 5, 6)).clone("CPU")
x5 = (((Tensor.arange(120) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 3, 4, 5)).clone("CPU")
out0 = x.diagonal()
out1 = x1.diagonal()
out2 = x2.diagonal()
out3 = x3.diagonal(dim1=-2, dim2=-1)
out4 = x4.diagonal(dim1=-2, dim2=-1)
out5 = x5.diagonal(dim1=-2, dim2=-1)
(out0.sum() + out1.sum() + out2.sum() + out3.sum() + out4.sum() + out5.sum()).backward()
out = [out0, out1, out2, out3, out4, out5, x.grad, x1.grad, x2.grad, x3.grad, x4.grad, x5.grad]
