from tinygrad import Tensor, dtypes

x = (((Tensor.arange(210) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 6, 7)).clone("CPU")
x1 = (((Tensor.arange(210) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 6, 7)).clone("CPU")
x2 = (((Tensor.arange(210) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 6, 7)).clone("CPU")
x3 = (((Tensor.arange(360) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 4, 5, 6)).clone("CPU")
out0 = Tensor.stack(*x.std_mean())
out1 = Tensor.stack(*x1.std_mean(correction=5))
out2 = Tensor.stack(*x2.std_mean(keepdim=True, correction=0))
out3 = Tensor.stack(*x3.std_mean(axis=(1,2)))
(out0.sum() + out1.sum() + out2.sum() + out3.sum()).backward()
out = [out0, out1, out2, out3, x.grad, x1.grad, x2.grad, x3.grad]
