from tinygrad import Tensor, dtypes

x = (((Tensor.arange(8640) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((32, 10, 3, 3, 3)).clone("CPU")
out = x.log_softmax(axis=1).nll_loss(Tensor([(i * 7 + 3) % 10 for i in range(32*27)]).reshape(32,3,3,3), Tensor([0.5, -1.2, 0.3, 1.7, -0.4, 0.9, 1.1, -0.8, 0.2, 1.4]), reduction='mean')
out.sum().backward()
out = [out, x.grad]
