from tinygrad import Tensor, dtypes

x = (((Tensor.arange(8) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((8,)).clone("CPU")
x1 = (((Tensor.arange(100) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 5, 4)).clone("CPU")
x2 = (((Tensor.arange(100) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((5, 5, 4)).clone("CPU")
out = [x.topk(3)[0], x.topk(3)[1], x1.topk(4, 0, True, True)[0], x1.topk(4, 0, True, True)[1], x2.topk(4, 1, False, True)[0], x2.topk(4, 1, False, True)[1]]
