from tinygrad import Tensor, dtypes

x = Tensor([[2.0, 0.5, -1.0], [1.5, 2.5, -0.5], [0.0, -2.0, 1.0]])
out = x.log_softmax().nll_loss(Tensor([0, 1, 2]), ignore_index=1)
out.sum().backward()
out = [out, x.grad]
