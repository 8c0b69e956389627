# PyTorch peer of ../conv2d_1x1.py for `compare.py kernels --torch`.
import torch
from peer_timing import report
x = torch.randn(16, 64, 56, 56); w = torch.randn(256, 64, 1, 1)
report(lambda: torch.nn.functional.conv2d(x, w))
