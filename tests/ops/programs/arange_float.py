from tinygrad import Tensor, dtypes

out = [Tensor.arange(5.5, 175.5, 2.5), Tensor.arange(-30.2, -0.3, 0.75), Tensor.arange(-50.3, -380.2, -2.25)]
