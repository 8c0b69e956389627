# PyTorch peer of ../gemm_1000.py for `compare.py kernels --torch`.
import torch
from peer_timing import report
a = torch.randn(1000, 1000); b = torch.randn(1000, 1000)
report(lambda: a @ b)
