# PyTorch peer of ../conv2d_resnet.py for `compare.py kernels --torch`.
import torch
from peer_timing import report
x = torch.randn(16, 256, 14, 14); w = torch.randn(256, 256, 3, 3)
report(lambda: torch.nn.functional.conv2d(x, w, padding=1))
