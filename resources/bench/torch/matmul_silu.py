# PyTorch peer of ../matmul_silu.py for `compare.py kernels --torch`.
import torch
from peer_timing import report
x = torch.randn(512, 1024); w = torch.randn(1024, 1024)
report(lambda: torch.nn.functional.silu(x @ w))
