from tinygrad import Tensor, dtypes

x = (((Tensor.arange(8) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((8,)).clone("CPU")
x1 = (((Tensor.arange(8) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((8,)).clone("CPU")
x2 = (((Tensor.arange(8) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((8,)).clone("CPU")
x3 = (((Tensor.arange(27) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 3, 3)).clone("CPU")
x4 = (((Tensor.arange(27) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 3, 3)).clone("CPU")
x5 = (((Tensor.arange(243) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 3, 3, 3, 3)).clone("CPU")
out0 = x.unfold(0, 2, 1)
out1 = x1.unfold(0, 2, 2)
out2 = x2.unfold(0, 7, 3)
out3 = x3.unfold(2, 2, 8)
out4 = x4.unfold(1, 0, 8)
out5 = x5.unfold(-1, 2, 2)
(out0.sum() + out1.sum() + out2.sum() + out3.sum() + out4.sum() + out5.sum()).backward()
out = [out0, out1, out2, out3, out4, out5, x.grad, x1.grad, x2.grad, x3.grad, x4.grad, x5.grad]
