from tinygrad import Tensor, dtypes

x = (((Tensor.arange(512) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 2, 8, 16)).clone("CPU")
y = (((Tensor.arange(512) * 40503 + 7720) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 2, 8, 16)).clone("CPU")
z = (((Tensor.arange(512) * 40503 + 15437) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 2, 8, 16)).clone("CPU")
out = Tensor.scaled_dot_product_attention(x, y, z, is_causal=True)
out.sum().backward()
out = [out, x.grad, y.grad, z.grad]
