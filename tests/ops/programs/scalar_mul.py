from tinygrad import Tensor, dtypes

x = (((Tensor.arange(117) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((9, 13)).clone("CPU")
x1 = (((Tensor.arange(117) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((9, 13)).clone("CPU")
x2 = (((Tensor.arange(117) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((9, 13)).clone("CPU")
x3 = (((Tensor.arange(117) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((9, 13)).clone("CPU")
x4 = (((Tensor.arange(1) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape(()).clone("CPU")
x5 = (((Tensor.arange(1) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape(()).clone("CPU")
out0 = x*2
out1 = x1*-1
out2 = 255*x2
out3 = 2*x3
out4 = x4*2
out5 = 2*x5
(out0.sum() + out1.sum() + out2.sum() + out3.sum() + out4.sum() + out5.sum()).backward()
out = [out0, out1, out2, out3, out4, out5, x.grad, x1.grad, x2.grad, x3.grad, x4.grad, x5.grad]
