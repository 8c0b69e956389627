from tinygrad import Tensor, dtypes

x = (((Tensor.arange(100) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 1, 10, 10)).clone("CPU")
y = (((Tensor.arange(9) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 1, 3, 3)).clone("CPU")
x1 = (((Tensor.arange(100) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 1, 10, 10)).clone("CPU")
y1 = (((Tensor.arange(9) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 1, 3, 3)).clone("CPU")
out0 = Tensor.conv2d(x,y,padding=-1)
out1 = Tensor.conv2d(x1,y1,padding=(-1,0,-1,0))
(out0.sum() + out1.sum()).backward()
out = [out0, out1, x.grad, y.grad, x1.grad, y1.grad]
