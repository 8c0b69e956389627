from tinygrad import Tensor, dtypes

x = Tensor([0.0])
x1 = Tensor([0.0])
x2 = Tensor([0.0])
x3 = Tensor([-1.0, 0.0, 1.0])
out0 = x**0.3
out1 = x1**0.0
out2 = x2**-0.3
out3 = x3**-1.0
(out0.sum() + out1.sum() + out2.sum() + out3.sum()).backward()
out = [out0, out1, out2, out3, x.grad, x1.grad, x2.grad, x3.grad]
