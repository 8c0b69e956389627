from tinygrad import Tensor, dtypes

x = (((Tensor.arange(2400) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 3, 20, 20)).clone("CPU")
x1 = (((Tensor.arange(5400) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 3, 30, 30)).clone("CPU")
x2 = (((Tensor.arange(126) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 3, 7, 6)).clone("CPU")
out = [Tensor.max_unpool2d(*Tensor.max_pool2d(x, return_indices=True, kernel_size=(5,5), stride=(6,5)), kernel_size=(5,5), stride=(6,5)), Tensor.max_unpool2d(*Tensor.max_pool2d(x1, return_indices=True, kernel_size=(3,3), stride=(6,7), padding=1), kernel_size=(3,3), stride=(6,7), padding=1, output_size=(30,30)), Tensor.max_unpool2d(*Tensor.max_pool2d(x2, kernel_size=(2,2), return_indices=True), kernel_size=(2,2), output_size=(99,99,7,6))]
