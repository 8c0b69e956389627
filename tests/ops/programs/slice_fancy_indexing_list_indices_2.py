from tinygrad import Tensor, dtypes

x = (((Tensor.arange(3600) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 5, 6, 5, 3, 4)).clone("CPU")
i = Tensor([-1, 0]).reshape(2,1,1,1,1,1)
j = Tensor([0, 0, 0]).reshape(1,3,1,1,1,1)
k = Tensor([-5, 2, 4, -1]).reshape(1,1,4,1,1,1)
o = Tensor([0, 3, 1, 2, 0, 2, 1, 3, 0, 1]).reshape(2,1,1,5,1,1)
p = Tensor([0, 0, 0, 0, 0, 0]).reshape(1,1,1,1,6,1)
out = x[i,(2,1,0),k,(-2,1,0),p]
out.sum().backward()
out = [out, x.grad]
