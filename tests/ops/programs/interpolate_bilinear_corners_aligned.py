from tinygrad import Tensor, dtypes

x = (((Tensor.arange(1440) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 3, 12, 20)).clone("CPU")
x1 = (((Tensor.arange(648) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 3, 12, 9)).clone("CPU")
x2 = (((Tensor.arange(1674) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 3, 9, 31)).clone("CPU")
out0 = Tensor.interpolate(x, size=(9, 31), mode='linear', align_corners=True)
out1 = Tensor.interpolate(x1, size=(31, 20), mode='linear', align_corners=True)
out2 = Tensor.interpolate(x2, size=(20, 12), mode='linear', align_corners=True)
(out0.sum() + out1.sum() + out2.sum()).backward()
out = [out0, out1, out2, x.grad, x1.grad, x2.grad]
