# Elementwise ops, reductions and matmuls over tensors sized by start_pos:
# each keeps the symbolic size, so every position runs the same kernels.
# tinygrad a9069c1 refuses argmax/argmin over a symbolic axis (its
# `self.shape[axis] - idx` has no dtype); their numbers are tinygrad's with
# start_pos a plain int, as are all the others (the same either way).
from tinygrad import Tensor, Variable
Tensor.manual_seed(7)
MAX, D = 10, 4
cache = Tensor.randn(MAX, D).realize()
other = Tensor.randn(MAX, D).realize()
w = Tensor.randn(D, 3).realize()
for pos in (4, 5, 6):
  sp = Variable("start_pos", 0, MAX - 1).bind(pos)
  k = cache[:sp+1]
  o = other[:sp+1]
  r = {}
  r["sum0"] = k.sum(0)
  r["max0"] = (k * 2 - 1).max(0)
  r["min0"] = k.exp().min(0)
  r["mean0"] = k.mean(0)
  r["argmax0"] = (k + o).argmax(0)
  r["argmin0"] = (k - o).argmin(0)
  r["sum_all"] = (k.relu() + 0.5).sum()
  r["softmax0"] = (k.softmax(0) * o).sum(0)
  r["logsm0"] = (k.log_softmax(0).exp() * o).sum(0)
  r["where"] = ((k > 0).where(k, o) @ w).sum(0)
  r["cmp"] = (k < o).sum(0)
  r["rowsum"] = (k.sum(1) * o[:, 0]).sum()
  r["contract"] = k.transpose(0, 1) @ o
  r["keep"] = (k @ w).max(0)
  for name, t in r.items():
    print(pos, name, [round(v, 4) for v in t.flatten().tolist()])
