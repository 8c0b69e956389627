# PyTorch peer of ../conv2d_depthwise.py for `compare.py kernels --torch`.
import torch
from peer_timing import report
x = torch.randn(16, 144, 56, 56); w = torch.randn(144, 1, 3, 3)
report(lambda: torch.nn.functional.conv2d(x, w, groups=144, padding=1))
