from tinygrad import Tensor, dtypes

x = (((Tensor.arange(25) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 1, 5, 5)).clone("CPU")
x1 = (((Tensor.arange(125) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 5, 5)).clone("CPU")
x2 = (((Tensor.arange(125) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 1, 5, 5, 5)).clone("CPU")
x3 = (((Tensor.arange(81) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 3, 3, 3)).clone("CPU")
x4 = (((Tensor.arange(25) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 1, 5, 5)).clone("CPU")
x5 = (((Tensor.arange(25) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 1, 5, 5)).clone("CPU")
out0 = x.pad((0,2,3,2), mode='replicate')
out1 = x1.pad((0,2), mode='replicate')
out2 = x2.pad((1,2,3,4,1,2), mode='replicate')
out3 = x3.pad((-1,2,2,-1), mode='replicate')
out4 = x4.pad((3,-3,0,-3), mode='replicate')
out5 = x5.pad((3,-5,1,-5), mode='replicate')
(out0.sum() + out1.sum() + out2.sum() + out3.sum() + out4.sum() + out5.sum()).backward()
out = [out0, out1, out2, out3, out4, out5, x.grad, x1.grad, x2.grad, x3.grad, x4.grad, x5.grad]
