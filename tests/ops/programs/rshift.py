from tinygrad import Tensor, dtypes

out = [(Tensor([[0, 1, 2], [256, 65536, 1073741824]], dtype=dtypes.uint32) >> 0).cast(dtypes.int32), (Tensor([[0, 1, 2], [256, 65536, 1073741824]], dtype=dtypes.uint32) >> 2).cast(dtypes.int32), (Tensor([[0, 1, 2], [256, 65536, 1073741824]], dtype=dtypes.uint32) >> 31).cast(dtypes.int32), (Tensor([[0, 1, 2], [256, 65536, 1073741824]], dtype=dtypes.uint32) >> Tensor([0,2,4], dtype=dtypes.uint32)).cast(dtypes.int32)]
