# A UNet in the style of extra/models/unet.py: a timestep embedding, residual
# blocks with GroupNorm and SiLU, a strided-conv downsample, nearest upsample,
# skip connections by concatenation, and cross-attention to a context; mixed
# precision as there: the embedding, the latent and the context in float16,
# which the float32 weights bring back to float32 inside each kernel.
import math
from tinygrad import Tensor, dtypes, nn


def timestep_embedding(t, dim):
  freqs = (-math.log(10000) * Tensor.arange(dim // 2) / (dim // 2)).exp()
  args = t.unsqueeze(1) * freqs.unsqueeze(0)
  return Tensor.cat(args.cos(), args.sin(), dim=-1).cast(dtypes.half)


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
    emb = timestep_embedding(t, self.ch).sequential(self.time).cast(dtypes.half)
    x, ctx = x.cast(dtypes.half), ctx.cast(dtypes.half)
    h0 = self.down(self.conv_in(x), emb)
    h = self.attn(self.mid(self.downsample(h0), emb), ctx)
    h = h.repeat_interleave(2, dim=2).repeat_interleave(2, dim=3)
    return self.up(h.cat(h0, dim=1), emb).sequential(self.out)


Tensor.manual_seed(0)
model = UNet()
print(model(Tensor.rand(1, 4, 8, 8), Tensor([10]), Tensor.rand(1, 3, 6)).cast(dtypes.float32).flatten()[:32].tolist())

# tinygrad's printed values (DEV=CPU), which tests/program/test_model_programs.cpp compares with:
# tinygrad: [0.19043686985969543, 0.3572256863117218, 0.06037793308496475, 0.26195985078811646, 0.2882387638092041, 0.014023520052433014, 0.1677682101726532, 0.09742323309183121, -0.0014544352889060974, 0.1395036280155182, 0.25972533226013184, 0.04059847444295883, 0.01931203156709671, 0.0847591832280159, 0.20448178052902222, 0.21767234802246094, 0.19629108905792236, -0.08795332163572311, -0.006658993661403656, 0.3666173219680786, 0.23873049020767212, 0.12898561358451843, 0.17271855473518372, 0.08620240539312363, 0.2746107578277588, 0.181810200214386, 0.3611103594303131, 0.3181069791316986, 0.558843731880188, 0.5026059746742249, 0.3224443197250366, 0.15119463205337524]
