# PyTorch peer of ../softmax_causal.py for `compare.py kernels --torch`.
import torch
from peer_timing import report
scores = torch.randn(2048, 2048)
mask = torch.ones(2048, 2048, dtype=torch.bool).tril()
report(lambda: scores.masked_fill(~mask, float("-inf")).softmax(1))
