from tinygrad import Tensor, dtypes

out = [Tensor([[1, -8, 1], [32, 1, 6]], dtype=dtypes.int32).bitwise_not(), ~Tensor([[1, -8, 1], [32, 1, 6]], dtype=dtypes.int32), Tensor([[True, False]], dtype=dtypes.bool).bitwise_not(), ~Tensor([[True, False]], dtype=dtypes.bool)]
