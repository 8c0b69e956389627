# The kv-cache decoder of resources/examples/kv_cache_decoder.py prefilling
# five tokens and decoding positions 5, 6 and 7 with a bound Variable: the
# keys up to start_pos+1 size the attention (tests/cpu/test_symbolic_shapes.cpp).
from tinygrad import Tensor, TinyJit, Variable
from tinygrad.nn import Embedding, LayerNorm, Linear

MAX_CONTEXT, DIM, HEADS, VOCAB = 12, 16, 2, 24

class Attention:
  def __init__(self, dim, n_heads):
    self.c_attn = Linear(dim, 3 * dim)
    self.c_proj = Linear(dim, dim)
    self.n_heads, self.dim, self.head_dim = n_heads, dim, dim // n_heads
    self.cache_kv = Tensor.zeros(2, 1, MAX_CONTEXT, n_heads, self.head_dim).contiguous().realize()

  def __call__(self, x, start_pos, mask):
    xqkv = self.c_attn(x)
    bsz, seqlen = x.shape[0], x.shape[1]
    xq, xk, xv = [xqkv.shrink((None, None, (i * self.dim, (i + 1) * self.dim))).reshape(bsz, seqlen, self.n_heads, self.head_dim) for i in range(3)]
    self.cache_kv[:, :, start_pos:start_pos + seqlen, :, :].assign(Tensor.stack(xk, xv)).realize()
    keys = self.cache_kv[0][:, :start_pos + seqlen, :, :]
    values = self.cache_kv[1][:, :start_pos + seqlen, :, :]
    xq, keys, values = xq.transpose(1, 2), keys.transpose(1, 2), values.transpose(1, 2)
    return self.c_proj(xq.scaled_dot_product_attention(keys, values, mask).transpose(1, 2).reshape(bsz, seqlen, self.dim))

class Decoder:
  def __init__(self):
    self.wte = Embedding(VOCAB, DIM)
    self.wpe = Embedding(MAX_CONTEXT, DIM)
    self.ln = LayerNorm(DIM)
    self.attn = Attention(DIM, HEADS)
    self.lm_head = Linear(DIM, VOCAB, bias=False)
    self.allpos = Tensor.arange(0, MAX_CONTEXT).reshape(1, -1).realize()
    self.forward_jit = TinyJit(self.forward)

  def forward(self, tokens, start_pos):
    seqlen = tokens.shape[1]
    pos_emb = self.wpe(self.allpos.shrink((None, (start_pos, start_pos + seqlen))))
    h = self.wte(tokens) + pos_emb
    mask = Tensor.full((1, 1, seqlen, start_pos + seqlen), float("-inf")).triu(start_pos + 1) if seqlen > 1 else None
    h = h + self.attn(self.ln(h), start_pos, mask)
    logits = self.lm_head(h)[:, -1, :]
    return logits.argmax(-1).realize(), logits.realize()

  def __call__(self, tokens, start_pos):
    forward = self.forward_jit if tokens.shape[1] == 1 else self.forward
    return forward(tokens, Variable("start_pos", 0, MAX_CONTEXT - 1).bind(start_pos))

Tensor.manual_seed(7)
model = Decoder()
toks = [3, 1, 4, 1, 5]
start_pos = 0
for step in range(4):
  tok, logits = model(Tensor([toks[start_pos:]]), start_pos)
  start_pos = len(toks)
  toks.append(tok.item())
  print(f"step {step}: pos {start_pos} token {toks[-1]} logits", [round(x, 4) for x in logits.tolist()[0][:6]])
print("tokens", toks)
out = logits
