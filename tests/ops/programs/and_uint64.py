from tinygrad import Tensor, dtypes

out = Tensor(2**64-1, dtype=dtypes.uint64) & 0xFFFFFFFF
