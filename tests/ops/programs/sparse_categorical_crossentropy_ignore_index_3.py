from tinygrad import Tensor, dtypes

x = (((Tensor.arange(120) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((12, 10)).clone("CPU")
out = x.sparse_categorical_crossentropy(Tensor([0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3]), ignore_index=3)
out.sum().backward()
out = [out, x.grad]
