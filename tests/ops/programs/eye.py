from tinygrad import Tensor, dtypes

out = [Tensor.eye(10), Tensor.eye(3, 5), Tensor.eye(5, 3), Tensor.eye(1), Tensor.eye(0)]
