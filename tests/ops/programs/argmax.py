from tinygrad import Tensor, dtypes

x = Tensor([2, 2])
y = Tensor([1, 2, 2])
x1 = (((Tensor.arange(200) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((10, 20)).clone("CPU")
out = [x.argmax(), y.argmax(), x1.argmax(), x1.argmax(0, False), x1.argmax(1, False), x1.argmax(1, True)]
