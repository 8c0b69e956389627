from tinygrad import Tensor, dtypes

out = [Tensor([[0, 1, 2], [256, 65536, 1073741824]], dtype=dtypes.uint32).__rshift__(2).cast(dtypes.int32), Tensor([[0, 1, 2], [256, 65536, 1073741824]], dtype=dtypes.uint32).rshift(2).cast(dtypes.int32)]
