# A UNet in the style of extra/models/unet.py: a timestep embedding, residual
# blocks with GroupNorm and SiLU, a strided-conv downsample, nearest upsample,
# skip connections by concatenation, and cross-attention to a context; mixed
# precision as there for the latent and the context: cast to float16, which
# the float32 weights of the first convolution and the attention bring back
# to float32 inside their kernels (not rounded, as in tinygrad).
import math
from tinygrad import Tensor, dtypes, nn


def timestep_embedding(t, dim):
  freqs = (-math.log(10000) * Tensor.arange(dim // 2) / (dim // 2)).exp()
  args = t.unsqueeze(1) * freqs.unsqueeze(0)
  return Tensor.cat(args.cos(), args.sin(), dim=-1)


class ResBlock:
  def __init__(self, cin, cout, emb):
    self.in_layers = [nn.GroupNorm(4, cin), Tensor.silu, nn.Conv2d(cin, cout, 3, padding=1)]
    self.emb = nn.Linear(emb, cout)
    self.out_layers = [nn.GroupNorm(4, cout), Tensor.silu, nn.Conv2d(cout, cout, 3, padding=1)]
    self.skip = nn.Conv2d(cin, cout, 1) if cin != cout else (lambda x: x)

  def __call__(self, x, emb):
    h = x.sequential(self.in_layers) + self.emb(emb.silu()).reshape(emb.shape[0], -1, 1, 1)
    return self.skip(x) + h.sequential(self.out_layers)


class CrossAttention:
  def __init__(self, ch, ctx_dim):
    self.q, self.k, self.v = nn.Linear(ch, ch, bias=False), nn.Linear(ctx_dim, ch, bias=False), nn.Linear(ctx_dim, ch, bias=False)
    self.out = nn.Linear(ch, ch)

  def __call__(self, x, ctx):
    b, c, hh, ww = x.shape
    s = x.reshape(b, c, hh * ww).permute(0, 2, 1)
    y = self.q(s).scaled_dot_product_attention(self.k(ctx), self.v(ctx))
    return x + self.out(y).permute(0, 2, 1).reshape(b, c, hh, ww)


class UNet:
  def __init__(self, ch=8, ctx_dim=6):
    self.time = [nn.Linear(ch, 4 * ch), Tensor.silu, nn.Linear(4 * ch, 4 * ch)]
    self.conv_in = nn.Conv2d(4, ch, 3, padding=1)
    self.down = ResBlock(ch, ch, 4 * ch)
    self.downsample = nn.Conv2d(ch, ch, 3, stride=2, padding=1)
    self.mid = ResBlock(ch, 2 * ch, 4 * ch)
    self.attn = CrossAttention(2 * ch, ctx_dim)
    self.up = ResBlock(3 * ch, ch, 4 * ch)
    self.out = [nn.GroupNorm(4, ch), Tensor.silu, nn.Conv2d(ch, 4, 3, padding=1)]
    self.ch = ch

  def __call__(self, x, t, ctx):
    emb = timestep_embedding(t, self.ch).sequential(self.time)
    x, ctx = x.cast(dtypes.half), ctx.cast(dtypes.half)
    h0 = self.down(self.conv_in(x), emb)
    h = self.attn(self.mid(self.downsample(h0), emb), ctx)
    h = h.repeat_interleave(2, dim=2).repeat_interleave(2, dim=3)
    return self.up(h.cat(h0, dim=1), emb).sequential(self.out)


Tensor.manual_seed(0)
model = UNet()
print(model(Tensor.rand(1, 4, 8, 8), Tensor([10]), Tensor.rand(1, 3, 6)).cast(dtypes.float32).flatten()[:32].tolist())

# tinygrad's printed values (DEV=CPU), which tests/program/test_model_programs.cpp compares with:
# tinygrad: [0.1904260516166687, 0.35721921920776367, 0.06036730855703354, 0.26195839047431946, 0.28824740648269653, 0.014037348330020905, 0.1677943468093872, 0.09743688255548477, -0.0014577582478523254, 0.13951656222343445, 0.25971513986587524, 0.040587253868579865, 0.019314177334308624, 0.08476776629686356, 0.2044966220855713, 0.21766239404678345, 0.1962829828262329, -0.08795594424009323, -0.006655566394329071, 0.36661165952682495, 0.2387455701828003, 0.12898394465446472, 0.1727185845375061, 0.08618714660406113, 0.274615615606308, 0.18183031678199768, 0.3611084222793579, 0.31810462474823, 0.558835506439209, 0.5025559663772583, 0.32241272926330566, 0.15117910504341125]
