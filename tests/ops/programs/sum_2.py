from tinygrad import Tensor, dtypes

x = (((Tensor.arange(360) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 4, 5, 6)).clone("CPU")
x1 = (((Tensor.arange(1) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape(()).clone("CPU")
x2 = (((Tensor.arange(1) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape(()).clone("CPU")
x3 = (((Tensor.arange(1) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape(()).clone("CPU")
x4 = (((Tensor.arange(1) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape(()).clone("CPU")
out0 = x.sum(axis=1, keepdim=True)
out1 = x1.sum()
out2 = x2.sum(0)
out3 = x3.sum(-1)
out4 = x4.sum(())
(out0.sum() + out1.sum() + out2.sum() + out3.sum() + out4.sum()).backward()
out = [out0, out1, out2, out3, out4, x.grad, x1.grad, x2.grad, x3.grad, x4.grad]
