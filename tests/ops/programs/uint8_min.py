from tinygrad import Tensor, dtypes

x = Tensor([[0, 1, 2], [3, 4, 5]])
y = Tensor([0, 128, 255, 64, 32, 16])
out = [x.cast(dtypes.uint8).min(), y.cast(dtypes.uint8).min()]
