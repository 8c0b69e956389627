from tinygrad import Tensor, dtypes

x = (((Tensor.arange(1428) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 2, 17, 14)).clone("CPU")
x1 = (((Tensor.arange(1428) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 2, 17, 14)).clone("CPU")
x2 = (((Tensor.arange(1428) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 2, 17, 14)).clone("CPU")
x3 = (((Tensor.arange(1428) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 2, 17, 14)).clone("CPU")
out0 = Tensor.max_pool2d(x, kernel_size=(5,5), dilation=(2, 3))
out1 = Tensor.max_pool2d(x1, kernel_size=(5,5), dilation=(3, 2))
out2 = Tensor.max_pool2d(x2, kernel_size=(5,5), dilation=2)
out3 = Tensor.max_pool2d(x3, kernel_size=(5,5), dilation=3)
(out0.sum() + out1.sum() + out2.sum() + out3.sum()).backward()
out = [out0, out1, out2, out3, x.grad, x1.grad, x2.grad, x3.grad]
