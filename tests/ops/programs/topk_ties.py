from tinygrad import Tensor, dtypes

x = Tensor([1, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0])
out = [x.topk(3)[0], x.topk(3)[1], x.topk(3, largest=False)[0], x.topk(3, largest=False)[1]]
