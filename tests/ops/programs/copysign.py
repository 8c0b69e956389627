from tinygrad import Tensor, dtypes

x = (((Tensor.arange(117) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((9, 13)).clone("CPU")
y = (((Tensor.arange(117) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((9, 13)).clone("CPU")
x1 = (((Tensor.arange(117) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((9, 13)).clone("CPU")
y1 = (((Tensor.arange(9) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((9, 1)).clone("CPU")
x2 = (((Tensor.arange(9) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((9, 1)).clone("CPU")
y2 = (((Tensor.arange(13) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 13)).clone("CPU")
x3 = (((Tensor.arange(1) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape(()).clone("CPU")
y3 = (((Tensor.arange(1) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape(()).clone("CPU")
out0 = x.copysign(y)
out1 = x1.copysign(y1)
out2 = x2.copysign(y2)
out3 = x3.copysign(y3)
(out0.sum() + out1.sum() + out2.sum() + out3.sum()).backward()
out = [out0, out1, out2, out3, x.grad, y.grad, x1.grad, y1.grad, x2.grad, y2.grad, x3.grad, y3.grad]
