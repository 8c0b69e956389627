from tinygrad import Tensor, dtypes

x = (((Tensor.arange(78) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 3, 13)).clone("CPU")
x1 = (((Tensor.arange(54) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 3, 9)).clone("CPU")
x2 = (((Tensor.arange(780) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 3, 13, 10)).clone("CPU")
x3 = (((Tensor.arange(702) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 3, 13, 9)).clone("CPU")
x4 = (((Tensor.arange(594) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 3, 9, 11)).clone("CPU")
x5 = (((Tensor.arange(480) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 3, 5, 2, 8)).clone("CPU")
out0 = Tensor.interpolate(x, size=(9,), mode='nearest-exact')
out1 = Tensor.interpolate(x1, size=(13,), mode='nearest-exact')
out2 = Tensor.interpolate(x2, size=(9, 11), mode='nearest-exact')
out3 = Tensor.interpolate(x3, size=(11, 10), mode='nearest-exact')
out4 = Tensor.interpolate(x4, size=(10, 13), mode='nearest-exact')
out5 = Tensor.interpolate(x5, size=(3, 6, 4), mode='nearest-exact')
(out0.sum() + out1.sum() + out2.sum() + out3.sum() + out4.sum() + out5.sum()).backward()
out = [out0, out1, out2, out3, out4, out5, x.grad, x1.grad, x2.grad, x3.grad, x4.grad, x5.grad]
