from tinygrad import Tensor, dtypes

x = Tensor([[[[1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1]]]])
y = Tensor([[[[1, 2, 1, 2, 1, 2], [1, 2, 1, 2, 1, 2], [1, 2, 1, 2, 1, 2], [1, 2, 1, 2, 1, 2], [1, 2, 1, 2, 1, 2], [1, 2, 1, 2, 1, 2]]]])
out = [Tensor.max_pool2d(x, kernel_size=(3,3), stride=1, return_indices=True)[1], Tensor.max_pool2d(y, kernel_size=(2,2), stride=1, return_indices=True)[1]]
