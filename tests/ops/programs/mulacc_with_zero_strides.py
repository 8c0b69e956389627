from tinygrad import Tensor, dtypes

out = [Tensor(1.0).reshape((1,1,1)).expand(2,4,3).mul(Tensor(1.0).reshape((1,1,1)).expand(2,4,3)).sum(-1), Tensor([[1.,1.,1.,1.], [1.,1.,1.,1.]]).reshape((2,4,1)).expand(2,4,3).mul(Tensor([1.,1.,1.,1.]).reshape((1,4,1)).expand(2,4,3)).sum([0,2]), Tensor.ones((1,2)).dot(Tensor.ones((2,3)))]
