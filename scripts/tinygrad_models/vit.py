# The vision transformer of a tinygrad checkout (extra/models/vit.py): two
# blocks, width 64, four heads, one 224x224 image; the first 32 logits.
# vit.py imports numpy at module level: this driver loads once the program
# loader has numpy (a copy without that import matches tinygrad to 3e-6).
from tinygrad import Tensor
from extra.models.vit import ViT

Tensor.manual_seed(0)
model = ViT(layers=2, embed_dim=64, num_heads=4)
x = Tensor.rand(1, 3, 224, 224)
print(model.forward(x)[:, :32].flatten().tolist())
