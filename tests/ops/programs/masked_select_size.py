from tinygrad import Tensor, dtypes

out = [Tensor([0, 1, 2, 3, 4, 5, 6, 7, 8]).masked_select(Tensor([True, False, True, False, True, False, False, False, True]), size=4), Tensor([0, 1, 2, 3, 4, 5, 6, 7, 8]).masked_select(Tensor([True, False, True, False, True, False, False, False, True]), size=6, fill_value=-1), Tensor([1.0, 2.0]).masked_select(Tensor([True, False]), size=3, fill_value=-1)]
