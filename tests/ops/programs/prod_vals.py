from tinygrad import Tensor, dtypes

x = Tensor([1.0, 2.0, 3.0])
x1 = Tensor([0.0, 2.0, 3.0])
x2 = Tensor([0.0, 0.0, 3.0])
out0 = x.prod()
out1 = x1.prod()
out2 = x2.prod()
(out0.sum() + out1.sum() + out2.sum()).backward()
out = [out0, out1, out2, x.grad, x1.grad, x2.grad]
