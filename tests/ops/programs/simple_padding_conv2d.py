from tinygrad import Tensor, dtypes

x = Tensor([[[[2.0, 3.0]]]])
y = Tensor([[[[1.0]]]])
out = Tensor.conv2d(x,y,padding=(1,1,1,1))
out.sum().backward()
out = [out, x.grad, y.grad]
