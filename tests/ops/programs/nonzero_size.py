from tinygrad import Tensor, dtypes

out = [Tensor([1, 0, 2, 0, 3]).nonzero(size=3), Tensor([1, 0, 2, 0, 3]).nonzero(size=5, fill_value=-1), Tensor([[1, 0], [0, 2]]).nonzero(size=2)]
