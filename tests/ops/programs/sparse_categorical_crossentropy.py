from tinygrad import Tensor, dtypes

x = (((Tensor.arange(120) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((12, 10)).clone("CPU")
x1 = (((Tensor.arange(120) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((12, 10)).clone("CPU")
x2 = (((Tensor.arange(360) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 12, 10)).clone("CPU")
out0 = x.sparse_categorical_crossentropy(Tensor([1, 4, 7, 0, 3, 6, 9, 2, 5, 8, 1, 4]))
out1 = x1.sparse_categorical_crossentropy(Tensor([1, 4, 7, 0, 3, 6, 9, 2, 5, 8, 1, 4]), reduction='mean', ignore_index=1, label_smoothing=0.3)
out2 = x2.sparse_categorical_crossentropy(Tensor([[1, 4, 7, 0, 3, 6, 9, 2, 5, 8, 1, 4], [4, 1, 8, 5, 2, 9, 6, 3, 0, 7, 4, 1], [0, 3, 6, 9, 2, 5, 8, 1, 4, 1, 4, 7]]))
(out0.sum() + out1.sum() + out2.sum()).backward()
out = [out0, out1, out2, x.grad, x1.grad, x2.grad]
