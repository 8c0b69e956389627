from tinygrad import Tensor, dtypes

x = Tensor([-2, 0, 2])
y = Tensor([11, 12, 13])
out = [x**0, x**1, x**2, y**7, x**29]
