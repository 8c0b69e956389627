# Two variables in one decode step, both rebound between steps: pos offsets
# the cache write and sizes the keys, n sizes the rows of a table; the
# scores over both, a softmax over n and sums over each.
from tinygrad import Tensor, TinyJit, Variable
Tensor.manual_seed(11)
MAX = 8
cache = Tensor.zeros(MAX, 4).contiguous().realize()
table = Tensor.randn(MAX, 4).realize()
@TinyJit
def step(x, pos, n):
  cache[pos:pos+1].assign(x)
  keys = cache[:pos+1]
  rows = table[:n]
  scores = keys @ rows.T
  return (scores.softmax(-1) @ rows).sum(0).realize()
for p, k in [(1, 3), (2, 5), (3, 4), (4, 6), (5, 2)]:
  x = Tensor.randn(1, 4)
  out = step(x, Variable("pos", 0, MAX - 1).bind(p), Variable("n", 1, MAX).bind(k))
  print(p, k, [round(v, 4) for v in out.tolist()])
