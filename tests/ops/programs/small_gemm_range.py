from tinygrad import Tensor, dtypes

x = Tensor.arange(0, 64).float().reshape(8,8).clone('CPU')
y = Tensor.arange(64, 128).float().reshape(8,8).clone('CPU')
out = x@y
out.sum().backward()
out = [out]
