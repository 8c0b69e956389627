from tinygrad import Tensor, dtypes

x = Tensor([-4, 7, 5, 4, -7, 8, -9])
y = Tensor([2, -3, 8, -2, 3, 5, -5])
out = [x.mod(y), x%y, x%2, x%3, (x%3.5).clone(), 100%x, (100.5%x).clone()]
