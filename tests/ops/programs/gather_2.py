from tinygrad import Tensor, dtypes

x = (((Tensor.arange(120) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 5, 6)).clone("CPU")
x1 = Tensor([1.0, 2.0, 3.0])
x2 = Tensor([-float('inf'), 2.0, 3.0])
out0 = x.gather(dim=-3, index=(Tensor.arange(60).reshape(3,4,5) * 7 % 3))
out1 = x1.gather(dim=0, index=Tensor([2, 1, 0, 1, 2]))
out2 = x2.gather(dim=0, index=Tensor([2, 1, 0, 1, 2]))
(out0.sum() + out1.sum() + out2.sum()).backward()
out = [out0, out1, out2, x.grad, x1.grad, x2.grad]
