from tinygrad import Tensor, dtypes

x = Tensor([1, 2, 3])
out = [x.prod(dtype=dtypes.int64), x.prod(dtype=dtypes.float32)]
