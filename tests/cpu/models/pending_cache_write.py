# A decode step whose cache write at a bound start_pos is left pending when
# the next step binds a new value (attention written out by hand: the output's
# realize does not realize the cache). Each write must keep its own position.
from tinygrad import Tensor, TinyJit, Variable
Tensor.manual_seed(3)
MAX = 10
cache = Tensor.zeros(MAX, 8).contiguous().realize()
wq = Tensor.randn(8, 8)
@TinyJit
def step(x, start_pos):
  cache[start_pos:start_pos+1].assign(x)
  keys = cache[:start_pos+1]
  s = (x @ wq) @ keys.T / 8 ** 0.5
  return (s.softmax(-1) @ keys).realize()
for pos in range(1, 6):
  x = Tensor.randn(1, 8)
  out = step(x, Variable("start_pos", 1, MAX - 1).bind(pos))
  print(pos, [round(v, 5) for v in out.tolist()[0][:4]])
