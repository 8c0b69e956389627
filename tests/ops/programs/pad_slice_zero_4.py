from tinygrad import Tensor, dtypes

x = (((Tensor.arange(27) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((3, 3, 3)).clone("CPU")
out = x.pad(((3,2),(0,1),(1,1)), value=0.0)[2:4,:,:]
out.sum().backward()
out = [out, x.grad]
