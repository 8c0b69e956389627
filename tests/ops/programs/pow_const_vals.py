from tinygrad import Tensor, dtypes

x = Tensor([-2.0, -1, 0, 1, 2, 3])
x1 = Tensor([-2.0, -1, 0, 1, 2, 3])
x2 = Tensor([-2.0, -1, 0, 1, 2, 3])
out0 = 0**x
out1 = 0.7**x1
out2 = (-2)**x2
(out0.sum() + out1.sum() + out2.sum()).backward()
out = [out0, out1, out2, x.grad, x1.grad, x2.grad]
