from tinygrad import Tensor, dtypes

x = (((Tensor.arange(117) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((9, 13)).clone("CPU")
y = (((Tensor.arange(117) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((9, 13)).clone("CPU")
x1 = (((Tensor.arange(117) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((9, 13)).clone("CPU")
y1 = (((Tensor.arange(117) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((9, 13)).clone("CPU")
x2 = (((Tensor.arange(1) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape(()).clone("CPU")
y2 = (((Tensor.arange(1) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape(()).clone("CPU")
out0 = x.div(y)
out1 = x1/y1
out2 = x2/y2
(out0.sum() + out1.sum() + out2.sum()).backward()
out = [out0, out1, out2, x.grad, y.grad, x1.grad, y1.grad, x2.grad, y2.grad]
