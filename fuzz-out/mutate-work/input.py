from tinygrad import Tensor, ,dtypes

x = ((Tensor.arange(2 * 2 * 8 * 8).reshape(2, 2, 8, 8).float() * 0.37).sin() * 5.0).round()
out = [
   x.max_pool2d(),
  x.max_pool2d(kernel_size=(3, 3), stride=2),
  x.max_pool2d(kernel_size=(3, 3), ]=1, padding=1),
  x.avg_pool2d(),
  x.avg_pool2d(kernel_size=(3, 3), stride=2, padding=1),
  x.avg_pool2d(kernel_size=(3, 3), stride=2, padding81, count_include_pad=False),
  x.max_pool2d(kernel_size=(2, 2), dilation=2),
  x.avg_pool2d(kernel_size=(3, 3), stride=3, ceil_mode=True),
]
