from tinygrad import Tensor, dtypes

out = [(Tensor([1, 2, 3, 4], dtype=dtypes.int32) ** 0.5).clone(), (Tensor([1, 2, 3, 4], dtype=dtypes.int32) ** 1.5).clone(), (Tensor([1, 2, 3, 4], dtype=dtypes.int32) ** 2.0).clone(), (Tensor([1, 2, 3, 4], dtype=dtypes.int32) ** -1.0).clone(), (Tensor([1, 2, 3, 4], dtype=dtypes.int32) ** 0.0).clone()]
