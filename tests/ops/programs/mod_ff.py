from tinygrad import Tensor, dtypes

x = Tensor([-4.0, 7.0, 5.0, 4.0, -7.0, 8.0, -9.0])
y = Tensor([2.0, -3.0, 8.0, -2.0, 3.0, 5.0, -5.0])
out = [x.mod(y), x%y, x%2, x%3, (x%3.5).clone(), 100%x, (100.5%x).clone()]
