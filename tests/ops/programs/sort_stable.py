from tinygrad import Tensor, dtypes

x = Tensor([0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1])
out = [x.sort()[0], x.sort()[1], x.sort(descending=True)[0], x.sort(descending=True)[1]]
