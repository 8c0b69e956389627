# ResNet-18 from a tinygrad checkout (extra/models/resnet.py), seeded, 10
# classes, one 32x32 image: its logits after a forward pass.
from tinygrad import Tensor
from extra.models.resnet import ResNet18

Tensor.manual_seed(0)
model = ResNet18(num_classes=10)
x = Tensor.rand(1, 3, 32, 32)
print(model(x).flatten().tolist())
