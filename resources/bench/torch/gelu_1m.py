# PyTorch peer of ../gelu_1m.py for `compare.py kernels --torch`.
import torch
from peer_timing import report
x = torch.randn(1000000)
report(lambda: torch.nn.functional.gelu(x * 1.5 + 0.25, approximate='tanh'))
