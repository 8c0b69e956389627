# PyTorch peer of ../conv2d_efficientnet.py for `compare.py kernels --torch`.
import torch
from peer_timing import report
x = torch.randn(16, 144, 28, 28); w = torch.randn(40, 144, 1, 1)
report(lambda: torch.nn.functional.conv2d(x, w))
