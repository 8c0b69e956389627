from tinygrad import Tensor, dtypes

x = (((Tensor.arange(4) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4,)).clone("CPU")
x1 = (((Tensor.arange(5) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5,)).clone("CPU")
x2 = (((Tensor.arange(16) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 4)).clone("CPU")
out0 = Tensor.stack(*[x for i in range(3)])[0,:]
out1 = Tensor.stack(*[x1 for i in range(3)])[0,0]
out2 = Tensor.stack(*[x2 for i in range(4)])[3]
(out0.sum() + out1.sum() + out2.sum()).backward()
out = [out0, out1, out2, x.grad, x1.grad, x2.grad]
