from tinygrad import Tensor, dtypes

x = (((Tensor.arange(2352) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 2, 21, 28)).clone("CPU")
x1 = (((Tensor.arange(2352) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 2, 21, 28)).clone("CPU")
x2 = (((Tensor.arange(2352) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 2, 21, 28)).clone("CPU")
out0 = Tensor.max_pool2d(x, kernel_size=(5,5), padding=(0,1,0,1))
out1 = Tensor.max_pool2d(x1, kernel_size=(5,5), padding=(2,1,2,1))
out2 = Tensor.max_pool2d(x2, kernel_size=(5,5), padding=(2,0,2,1))
(out0.sum() + out1.sum() + out2.sum()).backward()
out = [out0, out1, out2, x.grad, x1.grad, x2.grad]
