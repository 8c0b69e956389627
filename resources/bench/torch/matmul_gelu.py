# PyTorch peer of ../matmul_gelu.py for `compare.py kernels --torch`.
import torch
from peer_timing import report
x = torch.randn(256, 768); w1 = torch.randn(768, 3072); w2 = torch.randn(3072, 768)
report(lambda: torch.nn.functional.gelu(x @ w1, approximate='tanh') @ w2)
