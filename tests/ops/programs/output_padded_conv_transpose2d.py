from tinygrad import Tensor, dtypes

x = (((Tensor.arange(240) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 4, 6, 5)).clone("CPU")
y = (((Tensor.arange(144) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 4, 3, 3)).clone("CPU")
z = (((Tensor.arange(4) * 40503 + 15437) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4,)).clone("CPU")
x1 = (((Tensor.arange(240) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 4, 6, 5)).clone("CPU")
y1 = (((Tensor.arange(144) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 4, 3, 3)).clone("CPU")
z1 = (((Tensor.arange(4) * 40503 + 15437) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4,)).clone("CPU")
out0 = Tensor.conv_transpose2d(x,y,z,output_padding=(1,1),stride=(2,3))
out1 = Tensor.conv_transpose2d(x1,y1,z1,output_padding=(2,1),stride=(3,2))
(out0.sum() + out1.sum()).backward()
out = [out0, out1, x.grad, y.grad, z.grad, x1.grad, y1.grad, z1.grad]
