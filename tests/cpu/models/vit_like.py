# A vision transformer in the style of extra/models/vit.py: 4x4 patches of a
# 16x16 image by a strided conv, a class token, learned positions, two
# pre-norm blocks with a tanh-gelu MLP, layernorm and a head. The attention
# comes from blocks/attention.py beside this file.
from tinygrad import Tensor
from blocks.attention import SelfAttention


class Block:
  def __init__(self, dim, heads):
    self.attn = SelfAttention(dim, heads)
    self.ln1, self.ln2 = (Tensor.ones(dim), Tensor.zeros(dim)), (Tensor.ones(dim), Tensor.zeros(dim))
    self.ff1, self.ff2 = (Tensor.scaled_uniform(dim, 4 * dim), Tensor.zeros(4 * dim)), (Tensor.scaled_uniform(4 * dim, dim), Tensor.zeros(dim))

  def __call__(self, x):
    x = x + self.attn(x.layernorm().linear(*self.ln1))
    return x + x.layernorm().linear(*self.ln2).linear(*self.ff1).gelu().linear(*self.ff2)


class ViT:
  def __init__(self, dim=16, heads=2, layers=2, classes=10):
    self.embedding = (Tensor.uniform(dim, 3, 4, 4), Tensor.zeros(dim))
    self.cls = Tensor.ones(1, 1, dim)
    self.pos = Tensor.uniform(1, 17, dim, low=-0.1, high=0.1)
    self.blocks = [Block(dim, heads) for _ in range(layers)]
    self.norm = (Tensor.uniform(dim), Tensor.zeros(dim))
    self.head = (Tensor.uniform(dim, classes), Tensor.zeros(classes))

  def __call__(self, x):
    p = x.conv2d(*self.embedding, stride=4)
    p = p.reshape(p.shape[0], p.shape[1], -1).permute(0, 2, 1)
    x = self.cls.add(Tensor.zeros(x.shape[0], 1, 1)).cat(p, dim=1).add(self.pos).sequential(self.blocks)
    return x.layernorm().linear(*self.norm)[:, 0].linear(*self.head)


Tensor.manual_seed(0)
model = ViT()
print(model(Tensor.rand(2, 3, 16, 16)).flatten().tolist())

# tinygrad's printed values (DEV=CPU), which tests/program/test_model_programs.cpp compares with:
# tinygrad: [0.18062037229537964, 1.1969918012619019, 0.1433255672454834, 0.43954378366470337, 0.923721432685852, 0.03812956064939499, 0.14314527809619904, 0.0779370665550232, -0.1639161854982376, 1.2581614255905151, 0.12707765400409698, 1.168701171875, 0.09290969371795654, 0.41216835379600525, 0.8424658179283142, 0.03168487176299095, 0.15836626291275024, 0.033369798213243484, -0.1878289431333542, 1.2732754945755005]
