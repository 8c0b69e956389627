from tinygrad import Tensor, dtypes

x = (((Tensor.arange(60) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 4, 5)).clone("CPU")
y = (((Tensor.arange(60) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 4, 5)).clone("CPU")
x1 = (((Tensor.arange(60) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 4, 5)).clone("CPU")
y1 = (((Tensor.arange(60) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 4, 5)).clone("CPU")
x2 = (((Tensor.arange(60) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 4, 5)).clone("CPU")
y2 = (((Tensor.arange(60) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 4, 5)).clone("CPU")
out = [x.scatter_reduce(dim=-1, index=(Tensor.arange(60).reshape(3,4,5) * 7 % 3), src=y, reduce='mean'), x.scatter_reduce(dim=-1, index=(Tensor.arange(60).reshape(3,4,5) * 7 % 3), src=y, reduce='mean', include_self=False), x1.scatter_reduce(dim=1, index=(Tensor.arange(60).reshape(3,4,5) * 7 % 3), src=y1, reduce='mean'), x1.scatter_reduce(dim=1, index=(Tensor.arange(60).reshape(3,4,5) * 7 % 3), src=y1, reduce='mean', include_self=False), x2.scatter_reduce(dim=-3, index=(Tensor.arange(60).reshape(3,4,5) * 7 % 3), src=y2, reduce='mean'), x2.scatter_reduce(dim=-3, index=(Tensor.arange(60).reshape(3,4,5) * 7 % 3), src=y2, reduce='mean', include_self=False)]
