# Causal self-attention of one head block: scaled_dot_product_attention next
# to the same computation written out (scores, mask, softmax, weighted sum).
from tinygrad import Tensor, dtypes

B, H, L, E = 1, 2, 4, 8
x = (Tensor.arange(B * H * L * E).reshape(B, H, L, E).float() * 0.1).sin()
q, k, v = x * 0.5, x.flip(2), x.cos()
fused = q.scaled_dot_product_attention(k, v, is_causal=True)
mask = Tensor.ones(L, L, dtype=dtypes.bool).tril()
scores = (q @ k.transpose(-2, -1)) / E ** 0.5
manual = mask.where(scores, float("-inf")).softmax(-1) @ v
out = [fused, manual]
