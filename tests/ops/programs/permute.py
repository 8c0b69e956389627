from tinygrad import Tensor, dtypes

x = (((Tensor.arange(24) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 2, 3, 4)).clone("CPU")
x1 = (((Tensor.arange(360) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 4, 5, 6)).clone("CPU")
x2 = (((Tensor.arange(360) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 4, 5, 6)).clone("CPU")
x3 = (((Tensor.arange(1) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape(()).clone("CPU")
out0 = x.permute((3,0,2,1))
out1 = x1.permute((3,2,1,0))
out2 = x2.permute((-2,-1,1,0))
out3 = x3.permute(())
(out0.sum() + out1.sum() + out2.sum() + out3.sum()).backward()
out = [out0, out1, out2, out3, x.grad, x1.grad, x2.grad, x3.grad]
