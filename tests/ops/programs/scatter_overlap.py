from tinygrad import Tensor, dtypes

x = Tensor([1.0, 2.0, 3.0, 4.0])
y = Tensor([1.0, 0.0])
out = x.scatter(0, Tensor([0, 0], dtype=dtypes.int32), y)
