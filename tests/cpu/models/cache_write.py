# Writes into a kv-cache through basic subscripts: the prefill's slice at a
# constant start, an int index, a scalar fill, and a decode step's row at a
# bound start_pos. Each write's kernel reads the value at an offset index
# (tests/cpu/test_kv_cache.cpp); the sums are what tinygrad a9069c1 printed.
from tinygrad import Tensor, Variable

cache = Tensor.zeros(2, 1, 16, 2, 4).contiguous().realize()
xk = Tensor.arange(64).reshape(1, 8, 2, 4).float()
cache[:, :, 3:11, :, :].assign(Tensor.stack(xk, -xk)).realize()
cache[1, 0, -1] = Tensor([0.5, 1.5, 2.5, 3.5]).reshape(1, 4).expand(2, 4)
cache[0, :, 12:14, 1] = 7.0
cache.realize()
for pos in (11, 13):
  start_pos = Variable("start_pos", 0, 14).bind(pos)
  x = Tensor.arange(16).reshape(1, 2, 2, 4).float() + pos
  cache[:, :, start_pos:start_pos+1, :, :].assign(Tensor.stack(x[:, :1], -x[:, 1:])).realize()
print(cache.sum(axis=(1, 3)).tolist())
