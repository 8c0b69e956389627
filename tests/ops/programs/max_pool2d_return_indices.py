from tinygrad import Tensor, dtypes

x = (((Tensor.arange(216) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((2, 3, 6, 6)).clone("CPU")
x1 = (((Tensor.arange(100) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 1, 10, 10)).clone("CPU")
x2 = (((Tensor.arange(25) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 1, 5, 5)).clone("CPU")
x3 = (((Tensor.arange(49) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 1, 7, 7)).clone("CPU")
x4 = (((Tensor.arange(156) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((1, 1, 12, 13)).clone("CPU")
out = [Tensor.max_pool2d(x, kernel_size=(2,2), return_indices=True)[1], Tensor.max_pool2d(x1, kernel_size=(3,2), dilation=(2,3), return_indices=True)[1], Tensor.max_pool2d(x2, kernel_size=(3,3), padding=1, return_indices=True)[1], Tensor.max_pool2d(x3, kernel_size=(2, 2), stride=(2, 2), ceil_mode=True, return_indices=True)[1], Tensor.max_pool2d(x4, kernel_size=(12, 13), return_indices=True)[1]]
