from tinygrad import Tensor, dtypes

x = (((Tensor.arange(35) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((7, 5)).clone("CPU")
y = (((Tensor.arange(35) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((7, 5)).clone("CPU")
z = (((Tensor.arange(35) * 40503 + 15437) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((7, 5)).clone("CPU")
x1 = Tensor([1.0, 2.0, 3.0])
y1 = Tensor([4.0, 5.0, 6.0])
out0 = x.lerp(y,z)
out1 = x1.lerp(y1,0.5)
(out0.sum() + out1.sum()).backward()
out = [out0, out1, x.grad, y.grad, z.grad, x1.grad, y1.grad]
