from tinygrad import Tensor, dtypes

x = (((Tensor.arange(32) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((32,)).clone("CPU")
y = (((Tensor.arange(32) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((32,)).clone("CPU")
x1 = (((Tensor.arange(80) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((8, 10)).clone("CPU")
y1 = (((Tensor.arange(80) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((8, 10)).clone("CPU")
x2 = (((Tensor.arange(256) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 4, 4, 4)).clone("CPU")
y2 = (((Tensor.arange(256) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 4, 4, 4)).clone("CPU")
out0 = x.cross_entropy(y)
out1 = x1.cross_entropy(y1)
out2 = x2.cross_entropy(y2)
(out0.sum() + out1.sum() + out2.sum()).backward()
out = [out0, out1, out2, x.grad, y.grad, x1.grad, y1.grad, x2.grad, y2.grad]
