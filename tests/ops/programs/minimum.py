from tinygrad import Tensor, dtypes

x = (((Tensor.arange(117) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((9, 13)).clone("CPU")
y = (((Tensor.arange(117) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((9, 13)).clone("CPU")
x1 = (((Tensor.arange(1) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape(()).clone("CPU")
y1 = (((Tensor.arange(1) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape(()).clone("CPU")
x2 = Tensor([1.0, 0.0, 3.0, -4.0])
x3 = Tensor([1.0, 0.0, 3.0, -4.0])
y3 = Tensor([-1.0, -2.0, 3.0, 0.0])
out0 = x.minimum(y)
out1 = x1.minimum(y1)
out2 = x2.minimum(3.)
out3 = x3.minimum(y3)
(out0.sum() + out1.sum() + out2.sum() + out3.sum()).backward()
out = [out0, out1, out2, out3, x.grad, y.grad, x1.grad, y1.grad, x2.grad, x3.grad, y3.grad]
