from tinygrad import Tensor, dtypes

x = (((Tensor.arange(3360) * 40503 + 3) % 65521 * 2 - 65521).float() * 1.52587890625e-05 + 1.5).reshape((5, 3, 14, 16)).clone("CPU")
y = (((Tensor.arange(70) * 40503 + 7720) % 65521 * 2 - 65521).float() * 1.52587890625e-05 + 1.5).reshape((5, 1, 14, 1)).clone("CPU")
x1 = (((Tensor.arange(21) * 40503 + 3) % 65521 * 2 - 65521).float() * 1.52587890625e-05 + 1.5).reshape((1, 3, 1, 7, 1)).clone("CPU")
y1 = (((Tensor.arange(80) * 40503 + 7720) % 65521 * 2 - 65521).float() * 1.52587890625e-05 + 1.5).reshape((2, 1, 5, 1, 8)).clone("CPU")
out0 = x.pow(y)
out1 = x1.pow(y1)
(out0.sum() + out1.sum()).backward()
out = [out0, out1, x.grad, y.grad, x1.grad, y1.grad]
