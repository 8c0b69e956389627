from tinygrad import Tensor, dtypes

x = (((Tensor.arange(120) * 40503 + 3) % 65521 * 2 - 65521).float() * 3.0517578125e-05).reshape((4, 5, 6)).clone("CPU")
out = [x.scatter(dim=1, index=(Tensor.arange(60).reshape(3,4,5) * 7 % 3), src=float('inf'), reduce='multiply'), x.scatter(1, (Tensor.arange(60).reshape(3,4,5) * 7 % 3), float('nan'), reduce='multiply')]
