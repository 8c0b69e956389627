from tinygrad import Tensor, dtypes

x = Tensor([[[[float('inf'), -float('inf'), float('nan')], [1.0, 2.0, 3.0]]]])
out = Tensor.max_unpool2d(*Tensor.max_pool2d(x, kernel_size=(2,2), return_indices=True), kernel_size=(2,2))
