from tinygrad import Tensor, dtypes

out = [Tensor(0).nonzero(), Tensor(1).nonzero(), Tensor(0.0).nonzero(), Tensor(2.5).nonzero(), Tensor(True).nonzero(), Tensor(False).nonzero()]
