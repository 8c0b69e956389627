from tinygrad import Tensor, dtypes

x = Tensor([-1.0])
x1 = Tensor([-0.0])
x2 = Tensor([0.0])
x3 = Tensor([1.0])
x4 = Tensor([float('inf')])
x5 = Tensor([-float('inf')])
out0 = x.abs()
out1 = x1.abs()
out2 = x2.abs()
out3 = x3.abs()
out4 = x4.abs()
out5 = x5.abs()
(out0.sum() + out1.sum() + out2.sum() + out3.sum() + out4.sum() + out5.sum()).backward()
out = [out0, out1, out2, out3, out4, out5, x.grad, x1.grad, x2.grad, x3.grad, x4.grad, x5.grad]
