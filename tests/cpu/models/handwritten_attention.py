# A decode step with attention written out by hand over a kv-cache sized by
# start_pos: the scores, their softmax and the weighted sum over the values.
from tinygrad import Tensor, TinyJit, Variable
Tensor.manual_seed(5)
MAX, D = 12, 8
cache_k = Tensor.zeros(MAX, D).contiguous().realize()
cache_v = Tensor.zeros(MAX, D).contiguous().realize()
wq, wk, wv = Tensor.randn(D, D), Tensor.randn(D, D), Tensor.randn(D, D)
@TinyJit
def step(x, start_pos):
  cache_k[start_pos:start_pos+1].assign(x @ wk)
  cache_v[start_pos:start_pos+1].assign(x @ wv)
  keys = cache_k[:start_pos+1]
  values = cache_v[:start_pos+1]
  scores = (x @ wq) @ keys.transpose(-1, -2) / D ** 0.5
  return (scores.softmax(-1) @ values).realize()
for pos in range(1, 8):
  x = Tensor.randn(1, D)
  out = step(x, Variable("start_pos", 1, MAX - 1).bind(pos))
  print(pos, [round(v, 4) for v in out.tolist()[0]])
