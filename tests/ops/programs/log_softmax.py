from tinygrad import Tensor, dtypes

x = (((Tensor.arange(117) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((9, 13)).clone("CPU")
x1 = (((Tensor.arange(45) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((45,)).clone("CPU")
x2 = (((Tensor.arange(1) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape(()).clone("CPU")
x3 = (((Tensor.arange(1) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape(()).clone("CPU")
out0 = x.log_softmax()
out1 = x1.log_softmax()
out2 = x2.log_softmax(0)
out3 = x3.log_softmax(-1)
(out0.sum() + out1.sum() + out2.sum() + out3.sum()).backward()
out = [out0, out1, out2, out3, x.grad, x1.grad, x2.grad, x3.grad]
