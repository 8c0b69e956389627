from tinygrad import Tensor, dtypes

x = (((Tensor.arange(120) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((12, 10)).clone("CPU")
out = x.sparse_categorical_crossentropy(Tensor([1, 4, 7, 0, 3, 6, 9, 2, 5, 8, 1, 4]), reduction='sum')
out.sum().backward()
out = [out, x.grad]
