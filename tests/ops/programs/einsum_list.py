from tinygrad import Tensor, dtypes

x = (((Tensor.arange(48) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 4, 6)).clone("CPU")
y = (((Tensor.arange(96) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 6, 8)).clone("CPU")
out = Tensor.einsum('ijk,ikl->ijl', [x, y])
out.sum().backward()
out = [out, x.grad, y.grad]
