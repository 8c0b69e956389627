from tinygrad import Tensor, dtypes

x = (((Tensor.arange(4) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 2)).clone("CPU")
x1 = (((Tensor.arange(16) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 4)).clone("CPU")
x2 = (((Tensor.arange(16) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 4)).clone("CPU")
x3 = (((Tensor.arange(16) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 4)).clone("CPU")
x4 = (((Tensor.arange(16) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 4)).clone("CPU")
x5 = (((Tensor.arange(16) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 4)).clone("CPU")
out0 = x.pad(((0,0),(0,1)), value=3.456)[0,2]
out1 = x1.pad(((1,0),(0,0)), value=3.456)[0,2]
out2 = x2.pad(((0,2),(0,0)), value=3.456)[5]
out3 = x3.pad(((0,2),(0,0)), value=3.456)[3:5]
out4 = x4.pad(((0,0),(3,0)), value=3.456)[1,0]
out5 = x5.pad(((0,0),(3,0)), value=3.456)[1,0:4]
(out0.sum() + out1.sum() + out2.sum() + out3.sum() + out4.sum() + out5.sum()).backward()
out = [out0, out1, out2, out3, out4, out5, x.grad, x1.grad, x2.grad, x3.grad, x4.grad, x5.grad]
