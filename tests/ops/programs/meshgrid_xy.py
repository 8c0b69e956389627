from tinygrad import Tensor, dtypes

out = list(Tensor([0.,1.,2.]).meshgrid(indexing='xy')) + list(Tensor([0.,1.,2.]).meshgrid(Tensor([3.,4.,5.,6.]), indexing='xy')) + list(Tensor([0.,1.,2.]).meshgrid(Tensor(10.), Tensor([3.,4.,5.,6.]), Tensor([7.,8.,9.]), indexing='xy'))
