from tinygrad import Tensor, dtypes

out = [Tensor([[1, -8, 1], [32, 1, 6]], dtype=dtypes.int32) ^ Tensor([[1, -8, 1], [32, 1, 6]], dtype=dtypes.int32), Tensor([[1, -8, 1], [32, 1, 6]], dtype=dtypes.int32) ^ 0x1337, 0x1337 ^ Tensor([[1, -8, 1], [32, 1, 6]], dtype=dtypes.int32)]
