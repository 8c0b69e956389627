# A decoder in the style of extra/models/llama.py: RMSNorm, rotary-free
# attention with a kv-cache (blocks/attention.py), a SiLU-gated MLP, tied
# output; the prompt's loss, then two tokens decoded one at a time through
# the cache with a plain int position.
from tinygrad import Tensor, nn
from blocks.attention import SelfAttention


class Block:
  def __init__(self, dim, heads, max_context):
    self.attention = SelfAttention(dim, heads, max_context)
    self.attention_norm, self.ffn_norm = nn.RMSNorm(dim), nn.RMSNorm(dim)
    self.w1, self.w2, self.w3 = nn.Linear(dim, 2 * dim, bias=False), nn.Linear(2 * dim, dim, bias=False), nn.Linear(dim, 2 * dim, bias=False)

  def __call__(self, x, start_pos, mask):
    h = x + self.attention(self.attention_norm(x), start_pos, mask)
    n = self.ffn_norm(h)
    return h + self.w2(self.w1(n).silu() * self.w3(n))


class Decoder:
  def __init__(self, dim=16, heads=2, layers=2, vocab=32, max_context=12):
    self.tok_embeddings = nn.Embedding(vocab, dim)
    self.layers = [Block(dim, heads, max_context) for _ in range(layers)]
    self.norm = nn.RMSNorm(dim)

  def __call__(self, tokens, start_pos):
    seqlen = tokens.shape[1]
    h = self.tok_embeddings(tokens)
    mask = Tensor.full((1, 1, seqlen, start_pos + seqlen), float("-inf")).triu(start_pos + 1) if seqlen > 1 else None
    for layer in self.layers:
      h = layer(h, start_pos, mask)
    return self.norm(h) @ self.tok_embeddings.weight.T


Tensor.manual_seed(0)
model = Decoder()
prompt = Tensor([[3, 14, 15, 9, 26, 5]])
print(model(prompt, 0).sparse_categorical_crossentropy(Tensor([[14, 15, 9, 26, 5, 7]])).reshape(1).tolist())
print(model(Tensor([[7]]), 6)[0, -1, :8].tolist())
print(model(Tensor([[1]]), 7)[0, -1, :8].tolist())

# tinygrad's printed values (DEV=CPU), which tests/program/test_model_programs.cpp compares with:
# tinygrad: [4.28037691116333]
# tinygrad: [-0.28101396560668945, 0.0151646314188838, -1.2953174114227295, -0.36890438199043274, 0.16532106697559357, -0.7434295415878296, 0.2113092839717865, 2.9128403663635254]
# tinygrad: [-1.1261255741119385, 3.0953972339630127, -0.47276636958122253, 1.0624690055847168, -1.8477071523666382, 0.9609320163726807, -0.6895877122879028, -0.5885375142097473]
