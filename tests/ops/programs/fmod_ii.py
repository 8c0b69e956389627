from tinygrad import Tensor, dtypes

x = Tensor([-4, 7, 5, 4, -7, 8, -9])
y = Tensor([2, -3, 8, -2, 3, 5, -5])
out = [x.fmod(y), x.fmod(2), x.fmod(3.5).clone()]
