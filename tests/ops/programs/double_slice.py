from tinygrad import Tensor, dtypes

x = (((Tensor.arange(16) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 4)).clone("CPU")
x1 = (((Tensor.arange(16) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 4)).clone("CPU")
x2 = (((Tensor.arange(16) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 4)).clone("CPU")
x3 = (((Tensor.arange(16) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 4)).clone("CPU")
out0 = x[:, 1:2][1:2]
out1 = x1[1:3][1:2]
out2 = x2[:, 1:2][0:1]
out3 = x3[:, 1:2][:, 0:1]
(out0.sum() + out1.sum() + out2.sum() + out3.sum()).backward()
out = [out0, out1, out2, out3, x.grad, x1.grad, x2.grad, x3.grad]
