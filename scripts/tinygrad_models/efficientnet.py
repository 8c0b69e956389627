# EfficientNet-B0 from a tinygrad checkout (extra/models/efficientnet.py),
# seeded, 10 classes, one 32x32 image, batchnorm in inference mode.
from tinygrad import Tensor
from extra.models.efficientnet import EfficientNet

Tensor.manual_seed(0)
model = EfficientNet(0, classes=10)
x = Tensor.rand(1, 3, 32, 32)
print(model.forward(x).flatten().tolist())
