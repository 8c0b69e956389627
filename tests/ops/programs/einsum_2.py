from tinygrad import Tensor, dtypes

x = (((Tensor.arange(24) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 6)).clone("CPU")
y = (((Tensor.arange(48) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((6, 8)).clone("CPU")
x1 = (((Tensor.arange(192) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 6, 8)).clone("CPU")
x2 = (((Tensor.arange(25) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 5)).clone("CPU")
x3 = (((Tensor.arange(25) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 5)).clone("CPU")
x4 = (((Tensor.arange(12) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 4)).clone("CPU")
y4 = (((Tensor.arange(4) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4,)).clone("CPU")
x5 = (((Tensor.arange(12) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 4)).clone("CPU")
y5 = (((Tensor.arange(20) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 5)).clone("CPU")
out0 = Tensor.einsum('ij,jk', x, y)
out1 = Tensor.einsum('ijk->', x1)
out2 = Tensor.einsum('ij->j', x2)
out3 = Tensor.einsum('ij->i', x3)
out4 = Tensor.einsum('ik,k->i', x4, y4)
out5 = Tensor.einsum('ik,kj->ij', x5, y5)
(out0.sum() + out1.sum() + out2.sum() + out3.sum() + out4.sum() + out5.sum()).backward()
out = [out0, out1, out2, out3, out4, out5, x.grad, y.grad, x1.grad, x2.grad, x3.grad, x4.grad, y4.grad, x5.grad, y5.grad]
