from tinygrad import Tensor, dtypes

out = [Tensor.full_like(Tensor([[1,2,3],[4,5,6]], dtype=dtypes.float32), 4), Tensor.full_like(Tensor([[1,2,3],[4,5,6]], dtype=dtypes.int32), 4)]
