from tinygrad import Tensor, dtypes

x = (((Tensor.arange(512) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 8, 8, 8)).clone("CPU")
y = (((Tensor.arange(8) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 8, 1, 1)).clone("CPU")
x1 = (((Tensor.arange(720) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 3, 4, 6, 2)).clone("CPU")
y1 = (((Tensor.arange(12) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 3, 4, 1, 1)).clone("CPU")
x2 = (((Tensor.arange(4) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 1)).clone("CPU")
y2 = (((Tensor.arange(20) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 5)).clone("CPU")
x3 = (((Tensor.arange(4) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 4)).clone("CPU")
y3 = (((Tensor.arange(20) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 4)).clone("CPU")
out0 = x.mul(y)
out1 = x1.mul(y1)
out2 = x2.mul(y2)
out3 = x3.mul(y3)
(out0.sum() + out1.sum() + out2.sum() + out3.sum()).backward()
out = [out0, out1, out2, out3, x.grad, y.grad, x1.grad, y1.grad, x2.grad, y2.grad, x3.grad, y3.grad]
