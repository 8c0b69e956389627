# PyTorch peer of ../gemm_uneven.py for `compare.py kernels --torch`.
import torch
from peer_timing import report
a = torch.randn(999, 512); b = torch.randn(512, 333)
report(lambda: a @ b)
