# A LLaMA-like decoder (RMSNorm, rotary embeddings through freqs_cis,
# grouped-query attention with repeat_kv, a SwiGLU feed-forward) decoding with
# a kv cache; the position is a bound Variable and the step a TinyJit, as
# tinygrad's extra/models/llama.py runs one.
from tinygrad import Tensor, TinyJit, Variable
from tinygrad.nn import Embedding, Linear, RMSNorm

MAX_CONTEXT, DIM, HEADS, KV_HEADS, HIDDEN, VOCAB = 10, 16, 4, 2, 32, 20

def rotary_table(dim, end, theta=10000.0):
  inv = 1.0 / (theta ** (Tensor.arange(0, dim, 2)[:(dim // 2)] / dim))
  angles = Tensor.arange(end).unsqueeze(1) * inv.unsqueeze(0)
  return Tensor.stack(angles.cos(), angles.sin(), dim=-1).reshape(1, end, 1, dim // 2, 2)

def rotate(x, cos, sin):
  re, im = x[..., 0:1], x[..., 1:2]
  return (re * cos - im * sin).cat(re * sin + im * cos, dim=-1)

def with_rotary(xq, xk, freqs_cis):
  xq = xq.reshape(*xq.shape[0:-1], -1, 2)
  xk = xk.reshape(*xk.shape[0:-1], -1, 2)
  cos, sin = freqs_cis[..., 0:1], freqs_cis[..., 1:2]
  return rotate(xq, cos, sin).flatten(3), rotate(xk, cos, sin).flatten(3)

def repeat_kv(x, n_rep):
  bs, seqlen, n_kv_heads, head_dim = x.shape
  return x.repeat((1, 1, 1, n_rep)).reshape(bs, seqlen, n_kv_heads * n_rep, head_dim)

class Attention:
  def __init__(self):
    self.head_dim = DIM // HEADS
    self.wq = Linear(DIM, HEADS * self.head_dim, bias=False)
    self.wk = Linear(DIM, KV_HEADS * self.head_dim, bias=False)
    self.wv = Linear(DIM, KV_HEADS * self.head_dim, bias=False)
    self.wo = Linear(HEADS * self.head_dim, DIM, bias=False)
    self.cache_kv = Tensor.zeros(2, 1, MAX_CONTEXT, KV_HEADS, self.head_dim).contiguous().realize()

  def __call__(self, x, start_pos, freqs_cis, mask):
    bsz, seqlen, _ = x.shape
    xq = self.wq(x).reshape(bsz, seqlen, HEADS, self.head_dim)
    xk = self.wk(x).reshape(bsz, seqlen, KV_HEADS, self.head_dim)
    xv = self.wv(x).reshape(bsz, seqlen, KV_HEADS, self.head_dim)
    xq, xk = with_rotary(xq, xk, freqs_cis)
    self.cache_kv[:, :, start_pos:start_pos+seqlen, :, :].assign(Tensor.stack(xk, xv)).realize()
    keys = repeat_kv(self.cache_kv[0, :, 0:start_pos+seqlen, :, :], HEADS // KV_HEADS)
    values = repeat_kv(self.cache_kv[1, :, 0:start_pos+seqlen, :, :], HEADS // KV_HEADS)
    xq, keys, values = xq.transpose(1, 2), keys.transpose(1, 2), values.transpose(1, 2)
    attn = xq.scaled_dot_product_attention(keys, values, mask).transpose(1, 2)
    return self.wo(attn.reshape(bsz, seqlen, -1))

class FeedForward:
  def __init__(self):
    self.w1 = Linear(DIM, HIDDEN, bias=False)
    self.w2 = Linear(HIDDEN, DIM, bias=False)
    self.w3 = Linear(DIM, HIDDEN, bias=False)

  def __call__(self, x):
    return self.w2(self.w1(x).silu() * self.w3(x))

class Transformer:
  def __init__(self):
    self.tok_embeddings = Embedding(VOCAB, DIM)
    self.attention_norm, self.ffn_norm, self.norm = RMSNorm(DIM), RMSNorm(DIM), RMSNorm(DIM)
    self.attention, self.feed_forward = Attention(), FeedForward()
    self.output = Linear(DIM, VOCAB, bias=False)
    self.freqs_cis = rotary_table(DIM // HEADS, MAX_CONTEXT * 2).contiguous().realize()
    self.forward_jit = TinyJit(self.forward)

  def forward(self, tokens, start_pos):
    _bsz, seqlen = tokens.shape
    h = self.tok_embeddings(tokens)
    freqs_cis = self.freqs_cis[:, start_pos:start_pos+seqlen, :, :, :]
    mask = Tensor.full((1, 1, seqlen, start_pos+seqlen), float("-inf")).triu(start_pos+1) if seqlen > 1 else None
    h = h + self.attention(self.attention_norm(h), start_pos, freqs_cis, mask)
    h = h + self.feed_forward(self.ffn_norm(h))
    logits = self.output(self.norm(h))[:, -1, :]
    return logits.argmax(-1).realize(), logits.realize()

  def __call__(self, tokens, start_pos):
    if tokens.shape[1] == 1 and start_pos != 0:
      return self.forward_jit(tokens, Variable("start_pos", 1, MAX_CONTEXT-1).bind(start_pos))
    return self.forward(tokens, start_pos)

Tensor.manual_seed(11)
model = Transformer()
toks = [5, 2, 9, 7]
start_pos = 0
for step in range(5):
  tok, logits = model(Tensor([toks[start_pos:]]), start_pos)
  start_pos = len(toks)
  toks.append(tok.item())
  print(f"step {step}: pos {start_pos} token {toks[-1]}")
print("tokens", toks)
out = logits
