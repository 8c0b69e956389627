from tinygrad import Tensor, dtypes

out = [Tensor.arange(128, dtype=dtypes.int8), Tensor.arange(-128, 128, dtype=dtypes.int8), Tensor.arange(127, -129, -1, dtype=dtypes.int8)]
