from tinygrad import Tensor, dtypes

x = (((Tensor.arange(648) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 4, 9, 9)).clone("CPU")
y = (((Tensor.arange(144) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 4, 3, 3)).clone("CPU")
x1 = (((Tensor.arange(648) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 4, 9, 9)).clone("CPU")
y1 = (((Tensor.arange(144) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 4, 3, 3)).clone("CPU")
x2 = (((Tensor.arange(648) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 4, 9, 9)).clone("CPU")
y2 = (((Tensor.arange(144) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 4, 3, 3)).clone("CPU")
x3 = (((Tensor.arange(648) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 4, 9, 9)).clone("CPU")
y3 = (((Tensor.arange(144) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 4, 3, 3)).clone("CPU")
out0 = Tensor.conv_transpose2d(x,y,dilation=(1,2))
out1 = Tensor.conv_transpose2d(x1,y1,dilation=(2,1))
out2 = Tensor.conv_transpose2d(x2,y2,dilation=2)
out3 = Tensor.conv_transpose2d(x3,y3,dilation=1)
(out0.sum() + out1.sum() + out2.sum() + out3.sum()).backward()
out = [out0, out1, out2, out3, x.grad, y.grad, x1.grad, y1.grad, x2.grad, y2.grad, x3.grad, y3.grad]
