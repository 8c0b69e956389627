# An LSTM cell unrolled for five steps (batch 4, hidden 16).
from tinygrad import Tensor

Bt, Hd = 4, 16
Tensor.manual_seed(1)
wx = Tensor.uniform(Hd, 4 * Hd) * 0.2
wh = Tensor.uniform(Hd, 4 * Hd) * 0.2
b = Tensor.zeros(4 * Hd)
h = Tensor.zeros(Bt, Hd)
c = Tensor.zeros(Bt, Hd)
for t in range(5):
  x = (Tensor.arange(Bt * Hd).reshape(Bt, Hd) * (0.1 + t)).sin()
  g = x @ wx + h @ wh + b
  i, f, o, u = g.chunk(4, dim=1)
  c = f.sigmoid() * c + i.sigmoid() * u.tanh()
  h = o.sigmoid() * c.tanh()
out = [h, c]
