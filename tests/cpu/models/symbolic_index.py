# Indexing and shrinking at a bound start_pos, as decoders read the
# position's row of a precomputed table (freqs_cis[start_pos:start_pos+1]):
# an int index t[start_pos], t[:, start_pos], t[start_pos+1], slices of a
# constant length and a shrink. The offset is start_pos in the kernels, so
# every position runs the same kernels.
from tinygrad import Tensor, Variable
Tensor.manual_seed(3)
MAX, D = 10, 4
table = Tensor.randn(MAX, D).realize()
x = Tensor.randn(D, MAX).realize()
for pos in (4, 5, 6):
  sp = Variable("start_pos", 0, MAX - 2).bind(pos)
  r = {}
  r["row"] = table[sp] * 2
  r["col"] = x[:, sp] + 1
  r["next_row"] = table[sp + 1] - table[sp]
  r["slice_col"] = x[:, sp:sp+1].sum(1)
  r["rows2"] = table[sp:sp+2].sum(0)
  r["shrink"] = table.shrink(((sp, sp+1), None)).exp()
  r["row_col"] = x[1, sp] * table[sp, 2]
  for name, t in r.items():
    print(pos, name, [round(v, 4) for v in t.flatten().tolist()])
