from tinygrad import Tensor, dtypes

x = (((Tensor.arange(6) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 3)).clone("CPU")
x1 = (((Tensor.arange(6) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 3)).clone("CPU")
x2 = (((Tensor.arange(6) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 3)).clone("CPU")
x3 = (((Tensor.arange(6) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 3)).clone("CPU")
out0 = x[Tensor([[0,0,0],[0,0,0]]), Tensor(1)]
out1 = x1[Tensor([1]), Tensor([[0,0,0],[0,0,0]])]
out2 = x2[Tensor([[0,0,0],[0,0,0]]), Tensor([2,1,1])]
out3 = x3[Tensor([[0,1,-1],[-1,-2,0]]), Tensor([2,1,-1])]
(out0.sum() + out1.sum() + out2.sum() + out3.sum()).backward()
out = [out0, out1, out2, out3, x.grad, x1.grad, x2.grad, x3.grad]
