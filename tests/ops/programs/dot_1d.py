from tinygrad import Tensor, dtypes

x = (((Tensor.arange(65) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((65,)).clone("CPU")
y = (((Tensor.arange(65) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((65,)).clone("CPU")
x1 = (((Tensor.arange(65) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((65,)).clone("CPU")
y1 = (((Tensor.arange(2925) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((65, 45)).clone("CPU")
x2 = (((Tensor.arange(2925) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((45, 65)).clone("CPU")
y2 = (((Tensor.arange(65) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((65,)).clone("CPU")
x3 = (((Tensor.arange(23400) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((8, 45, 65)).clone("CPU")
y3 = (((Tensor.arange(65) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((65,)).clone("CPU")
x4 = (((Tensor.arange(65) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((65,)).clone("CPU")
y4 = (((Tensor.arange(23400) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((8, 65, 45)).clone("CPU")
out0 = x.dot(y)
out1 = x1.dot(y1)
out2 = x2.dot(y2)
out3 = x3.dot(y3)
out4 = x4.dot(y4)
(out0.sum() + out1.sum() + out2.sum() + out3.sum() + out4.sum()).backward()
out = [out0, out1, out2, out3, out4, x.grad, y.grad, x1.grad, y1.grad, x2.grad, y2.grad, x3.grad, y3.grad, x4.grad, y4.grad]
