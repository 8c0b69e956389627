from tinygrad import Tensor, dtypes

x = Tensor([-4.0, 7.0, 5.0, 4.0, -7.0, 8.0, -9.0])
y = Tensor([2.0, -3.0, 8.0, -2.0, 3.0, 5.0, -5.0])
out = [x.fmod(y), x.fmod(2), x.fmod(3.5).clone()]
