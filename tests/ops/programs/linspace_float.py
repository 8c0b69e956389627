from tinygrad import Tensor, dtypes

out = [Tensor.linspace(5, 10, 3), Tensor.linspace(5, 10, 1), Tensor.linspace(5, 10, 0), Tensor.linspace(5, 10, 30), Tensor.linspace(-5.5, 5.5, 10), Tensor.linspace(5.5, -5.5, 10)]
