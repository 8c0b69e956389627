from tinygrad import Tensor, dtypes

out = [Tensor([1, 2, 4]).one_hot(6), Tensor([[[1, 2, 3], [0, 3, 5]], [[1, 2, 3], [0, 3, 5]]]).one_hot(8)]
