from tinygrad import Tensor, dtypes

x = (((Tensor.arange(1) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape(()).clone("CPU")
x1 = (((Tensor.arange(20) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((20,)).clone("CPU")
x2 = (((Tensor.arange(600) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((20, 30)).clone("CPU")
x3 = (((Tensor.arange(600) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((20, 30)).clone("CPU")
x4 = (((Tensor.arange(336) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((6, 7, 8)).clone("CPU")
x5 = (((Tensor.arange(336) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((6, 7, 8)).clone("CPU")
out0 = x.cumprod(axis=0)
out1 = x1.cumprod(axis=0)
out2 = x2.cumprod(axis=0)
out3 = x3.cumprod(axis=1)
out4 = x4.cumprod(axis=2)
out5 = x5.cumprod(axis=-1)
(out0.sum() + out1.sum() + out2.sum() + out3.sum() + out4.sum() + out5.sum()).backward()
out = [out0, out1, out2, out3, out4, out5, x.grad, x1.grad, x2.grad, x3.grad, x4.grad, x5.grad]
