# Multi-head self-attention as tinygrad's model files write it (query, key,
# value and output projections as (weight, bias) pairs, linear() and
# scaled_dot_product_attention), with an optional kv-cache written through a
# slice's assign, as extra/models/llama.py does.
from tinygrad import Tensor


class SelfAttention:
  def __init__(self, dim, heads, max_context=0):
    self.heads, self.head_dim, self.max_context = heads, dim // heads, max_context
    self.qkv = (Tensor.scaled_uniform(dim, 3 * dim), Tensor.zeros(3 * dim))
    self.out = (Tensor.scaled_uniform(dim, dim), Tensor.zeros(dim))

  def __call__(self, x, start_pos=0, mask=None):
    bsz, seqlen, dim = x.shape
    q, k, v = [t.reshape(bsz, seqlen, self.heads, self.head_dim) for t in x.linear(*self.qkv).chunk(3, dim=2)]
    if self.max_context:
      if not hasattr(self, "cache_kv"):
        self.cache_kv = Tensor.zeros(2, bsz, self.max_context, self.heads, self.head_dim).contiguous().realize()
      self.cache_kv[:, :, start_pos:start_pos + seqlen, :, :].assign(Tensor.stack(k, v)).realize()
      k = self.cache_kv[0, :, 0:start_pos + seqlen, :, :]
      v = self.cache_kv[1, :, 0:start_pos + seqlen, :, :]
    y = q.transpose(1, 2).scaled_dot_product_attention(k.transpose(1, 2), v.transpose(1, 2), mask)
    return y.transpose(1, 2).reshape(bsz, seqlen, dim).linear(*self.out)
