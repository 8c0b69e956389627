from tinygrad import Tensor, dtypes

x = (((Tensor.arange(80) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((8, 10)).clone("CPU")
y = (((Tensor.arange(80) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((8, 10)).clone("CPU")
x1 = (((Tensor.arange(80) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((8, 10)).clone("CPU")
y1 = (((Tensor.arange(80) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((8, 10)).clone("CPU")
out0 = x.sigmoid().binary_crossentropy(y.clip(0,1))
out1 = x1.binary_crossentropy_logits(y1.clip(0,1))
(out0.sum() + out1.sum()).backward()
out = [out0, out1, x.grad, y.grad, x1.grad, y1.grad]
