# Reductions, statistics and cumulative ops over tensors sized by start_pos:
# each keeps the symbolic size, so every position runs the same kernels.
# The cache's last row is NaN and never below the size: a reduction that
# read it unmasked would print nan. tinygrad a9069c1 refuses cumulative ops
# over a symbolic axis (its pool reshape compares symbolic sizes); the
# numbers are tinygrad's with start_pos a plain int, the same for the others.
from tinygrad import Tensor, Variable
Tensor.manual_seed(11)
MAX, D = 10, 4
cache = Tensor.randn(MAX - 1, D).cat(Tensor.full((1, D), float("nan"))).realize()
other = Tensor.randn(MAX, D).realize()
for pos in (4, 5, 6):
  sp = Variable("start_pos", 0, MAX - 1).bind(pos)
  k = cache[:sp+1]
  o = other[:sp+1]
  r = {}
  r["prod0"] = (k * 0.4 + 1).prod(0)
  r["any0"] = (k > 1.5).any(0)
  r["all0"] = (k > -1.2).all(0)
  r["var0"] = k.var(0)
  r["var0_c2"] = k.var(0, keepdim=True, correction=2)
  r["std0"] = k.std(0, correction=0)
  r["var_all"] = k.var()
  r["std1"] = (k.std(1) * o[:, 0]).sum()
  r["var_mean0"] = k.var_mean(0)[0] + k.var_mean(0)[1]
  r["std_mean0"] = k.std_mean(0)[0] * k.std_mean(0)[1]
  r["lse0"] = k.logsumexp(0)
  r["lse_all"] = (k * o).logsumexp()
  r["cumsum0"] = (k.cumsum(0) * o).sum(0)
  r["cumsum1"] = (k.cumsum(1) * o).sum(0)
  r["cumprod0"] = (k.cumprod(0) * o).sum(0)
  r["cummax0"] = (k.cummax(0)[0] * o).sum(0)
  r["cummax0_idx"] = k.cummax(0)[1].sum(0)
  r["cummin0"] = (k.cummin(0)[0] * o).sum(0)
  r["logcumsumexp0"] = (k.logcumsumexp(0) * o).sum(0)
  r["int_sum0"] = (o * 10).int().sum(0)
  for name, t in r.items():
    print(pos, name, [round(v, 4) for v in t.float().flatten().tolist()])
