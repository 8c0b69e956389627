from tinygrad import Tensor, dtypes

out = [Tensor.arange(10), Tensor.arange(36), Tensor.arange(5, 10, 3), Tensor.arange(10, 5, -3), Tensor.arange(11, 5, -3), Tensor.arange(1, 78, 2)]
