from tinygrad import Tensor, dtypes

x = (((Tensor.arange(25) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 1, 5, 5)).clone("CPU")
x1 = (((Tensor.arange(125) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 5, 5)).clone("CPU")
x2 = (((Tensor.arange(125) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 1, 5, 5, 5)).clone("CPU")
x3 = (((Tensor.arange(25) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 1, 5, 5)).clone("CPU")
out0 = x.pad((0,2,3,2), mode='circular')
out1 = x1.pad((0,2), mode='circular')
out2 = x2.pad((1,2,3,5,1,2), mode='circular')
out3 = x3.pad((1,-2,2,-1), mode='circular')
(out0.sum() + out1.sum() + out2.sum() + out3.sum()).backward()
out = [out0, out1, out2, out3, x.grad, x1.grad, x2.grad, x3.grad]
