# One transformer block as GPT-2 writes it, with tinygrad.nn layers: causal
# self-attention over two heads, a GELU MLP, pre-layernorm and residuals
# (batch 2, 6 tokens, 8 channels, seeded weights).
from tinygrad import Tensor, nn

class Attention:
  def __init__(self, dim: int, heads: int):
    self.heads = heads
    self.qkv = nn.Linear(dim, 3 * dim)
    self.proj = nn.Linear(dim, dim)

  def __call__(self, x: Tensor) -> Tensor:
    B, T, C = x.shape
    q, k, v = [t.reshape(B, T, self.heads, C // self.heads).transpose(1, 2)
               for t in self.qkv(x).chunk(3, dim=2)]
    y = q.scaled_dot_product_attention(k, v, is_causal=True)
    return self.proj(y.transpose(1, 2).reshape(B, T, C))

class Block:
  def __init__(self, dim: int, heads: int):
    self.ln1, self.ln2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
    self.attn = Attention(dim, heads)
    self.fc, self.out = nn.Linear(dim, 4 * dim), nn.Linear(4 * dim, dim)

  def __call__(self, x: Tensor) -> Tensor:
    x = x + self.attn(self.ln1(x))
    return x + self.out(self.fc(self.ln2(x)).gelu())

Tensor.manual_seed(0)
block = Block(8, 2)
tokens = nn.Embedding(16, 8)
x = tokens(Tensor([[1, 5, 2, 9, 9, 3], [0, 4, 4, 7, 15, 2]]))
out = block(x)
