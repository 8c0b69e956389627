from tinygrad import Tensor, dtypes

x = Tensor([5, 6, 7])
y = Tensor([1, 2, 3])
z = Tensor([3, 4, 5])
out = [x.div(y), x//y, z/2, z//2]
