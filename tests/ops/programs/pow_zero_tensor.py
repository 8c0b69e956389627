from tinygrad import Tensor, dtypes

x = Tensor([0.0])
y = Tensor([0.0])
x1 = Tensor([0.0])
y1 = Tensor([0.3])
x2 = Tensor([0.0])
y2 = Tensor([-0.3])
out0 = x**y
out1 = x1**y1
out2 = x2**y2
(out0.sum() + out1.sum() + out2.sum()).backward()
out = [out0, out1, out2, x.grad, y.grad, x1.grad, y1.grad, x2.grad, y2.grad]
