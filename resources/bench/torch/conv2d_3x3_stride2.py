# PyTorch peer of ../conv2d_3x3_stride2.py for `compare.py kernels --torch`.
import torch
from peer_timing import report
x = torch.randn(16, 64, 56, 56); w = torch.randn(128, 64, 3, 3)
report(lambda: torch.nn.functional.conv2d(x, w, stride=2, padding=1))
