# A small transformer block: B=2, T=6, C=8, two heads, causal attention, layernorm, GELU MLP, residuals.
from tinygrad import Tensor, nn

B, T, C, H = 2, 6, 8, 2

class Block:
  def __init__(self):
    self.ln1 = nn.LayerNorm(C)
    self.ln2 = nn.LayerNorm(C)
    self.qkv = nn.Linear(C, 3 * C)
    self.proj = nn.Linear(C, C)
    self.fc1 = nn.Linear(C, 4 * C)
    self.fc2 = nn.Linear(4 * C, C)

  def __call__(self, x):
    q, k, v = self.qkv(self.ln1(x)).split(C, dim=-1)
    q = q.reshape(B, T, H, C // H).transpose(1, 2)
    k = k.reshape(B, T, H, C // H).transpose(1, 2)
    v = v.reshape(B, T, H, C // H).transpose(1, 2)
    a = q.scaled_dot_product_attention(k, v, is_causal=True).transpose(1, 2).reshape(B, T, C)
    x = x + self.proj(a)
    return x + self.fc2(self.fc1(self.ln2(x)).gelu())

Tensor.manual_seed(0)
x = (Tensor.arange(B * T * C).reshape(B, T, C) * 0.1).sin()
out = Block()(x)
