from tinygrad import Tensor, dtypes

x = (((Tensor.arange(117) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((9, 13)).clone("CPU")
x1 = (((Tensor.arange(117) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((9, 13)).clone("CPU")
x2 = (((Tensor.arange(117) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((9, 13)).clone("CPU")
x3 = (((Tensor.arange(117) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((9, 13)).clone("CPU")
x4 = (((Tensor.arange(216) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((6, 6, 6)).clone("CPU")
x5 = (((Tensor.arange(1296) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((6, 6, 6, 6)).clone("CPU")
out0 = x.logsumexp(0)
out1 = x1.logsumexp(0, True)
out2 = x2.logsumexp(1)
out3 = x3.logsumexp(1, True)
out4 = x4.logsumexp(2)
out5 = x5.logsumexp(2)
(out0.sum() + out1.sum() + out2.sum() + out3.sum() + out4.sum() + out5.sum()).backward()
out = [out0, out1, out2, out3, out4, out5, x.grad, x1.grad, x2.grad, x3.grad, x4.grad, x5.grad]
