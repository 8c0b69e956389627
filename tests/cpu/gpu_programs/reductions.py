# Reductions a GPU lowers with work-groups: a long sum (GROUP_REDUCE), row
# maxima and means, an argmax, a cumulative sum.
from tinygrad import Tensor

x = Tensor.rand(256, 512)
total = x.sum()
row_max = x.max(axis=1)
col_mean = x.mean(axis=0)
best = x.argmax(axis=1)
running = x[:4].cumsum(axis=1)
out = [total, row_max, col_mean, best, running]
