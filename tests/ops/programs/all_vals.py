from tinygrad import Tensor, dtypes

x = Tensor([True, True])
y = Tensor([True, False])
z = Tensor([False, False])
out = [x.all(), y.all(), z.all()]
