from tinygrad import Tensor, dtypes

x = (((Tensor.arange(3600) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 5, 6, 5, 3, 4)).clone("CPU")
x1 = (((Tensor.arange(3600) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 5, 6, 5, 3, 4)).clone("CPU")
x2 = (((Tensor.arange(3600) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 5, 6, 5, 3, 4)).clone("CPU")
x3 = (((Tensor.arange(3600) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 5, 6, 5, 3, 4)).clone("CPU")
x4 = (((Tensor.arange(3600) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 5, 6, 5, 3, 4)).clone("CPU")
i = Tensor([-1, 0]).reshape(2,1,1,1,1,1)
j = Tensor([0, 0, 0]).reshape(1,3,1,1,1,1)
k = Tensor([-5, 2, 4, -1]).reshape(1,1,4,1,1,1)
o = Tensor([0, 3, 1, 2, 0, 2, 1, 3, 0, 1]).reshape(2,1,1,5,1,1)
p = Tensor([0, 0, 0, 0, 0, 0]).reshape(1,1,1,1,6,1)
out0 = x[None,None,j,k,o,p]
out1 = x1[None,None,j,k,None,None]
out2 = x2[i,None,None,k,o,p]
out3 = x3[i,None,None,k,None,None]
out4 = x4[None,None,j,None,o,p]
(out0.sum() + out1.sum() + out2.sum() + out3.sum() + out4.sum()).backward()
out = [out0, out1, out2, out3, out4, x.grad, x1.grad, x2.grad, x3.grad, x4.grad]
