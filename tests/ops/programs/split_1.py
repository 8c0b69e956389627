from tinygrad import Tensor, dtypes

out = list(Tensor.arange(10).reshape((10,)).split(5)) + list(Tensor.arange(10).reshape((10,)).split([1, 4, 5])) + list(Tensor.arange(10).reshape((10,)).split(3)) + list(Tensor.arange(12).reshape((3, 4)).split(1)) + list(Tensor.arange(12).reshape((3, 4)).split(1, dim=1)) + list(Tensor.arange(16).reshape((4, 4)).split([2, 2]))
