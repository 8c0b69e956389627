from tinygrad import Tensor, dtypes

x = (((Tensor.arange(210) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 6, 7)).clone("CPU")
x1 = (((Tensor.arange(210) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 6, 7)).clone("CPU")
x2 = (((Tensor.arange(210) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 6, 7)).clone("CPU")
x3 = (((Tensor.arange(210) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 6, 7)).clone("CPU")
x4 = (((Tensor.arange(210) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 6, 7)).clone("CPU")
out0 = x.std(0, correction=0)
out1 = x1.std(2, correction=0)
out2 = x2.std([1, 2], correction=0)
out3 = x3.std(keepdim=True)
out4 = x4.std(0, keepdim=True, correction=0)
(out0.sum() + out1.sum() + out2.sum() + out3.sum() + out4.sum()).backward()
out = [out0, out1, out2, out3, out4, x.grad, x1.grad, x2.grad, x3.grad, x4.grad]
