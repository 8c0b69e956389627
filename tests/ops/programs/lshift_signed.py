from tinygrad import Tensor, dtypes

out = [Tensor([[-1, -3, 1, 7], [0, -2147483648, 2147483647, -1]], dtype=dtypes.int) << 0, Tensor([[-1, -3, 1, 7], [0, -2147483648, 2147483647, -1]], dtype=dtypes.int) << 2, Tensor([[-1, -3, 1, 7], [0, -2147483648, 2147483647, -1]], dtype=dtypes.int) << 8, Tensor([[-1, -3, 1, 7], [0, -2147483648, 2147483647, -1]], dtype=dtypes.int) << 31, Tensor([[-1, -3, 1, 7], [0, -2147483648, 2147483647, -1]], dtype=dtypes.int) << Tensor([0,2,8,31], dtype=dtypes.int)]
