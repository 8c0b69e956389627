# PyTorch peer of ../copy_16m.py for `compare.py kernels --torch`.
import torch
from peer_timing import report
x = torch.randn(16 * 1024 * 1024)
report(lambda: x + 1.0)
