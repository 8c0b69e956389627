# A residual MLP training step: two GELU blocks with layernorm, a head, cross-entropy, SGD.
from tinygrad import Tensor, nn

class Res:
  def __init__(self, d):
    self.ln = nn.LayerNorm(d)
    self.l1 = nn.Linear(d, 2 * d)
    self.l2 = nn.Linear(2 * d, d)
  def __call__(self, x):
    return x + self.l2(self.l1(self.ln(x)).gelu())

Tensor.manual_seed(2)
blocks = [Res(16), Res(16)]
head = nn.Linear(16, 4)
x = (Tensor.arange(8 * 16).reshape(8, 16) * 0.05).sin()
y = Tensor([0, 1, 2, 3, 0, 1, 2, 3])
params = nn.state.get_parameters(blocks) + nn.state.get_parameters(head)
opt = nn.optim.SGD(params, lr=0.1)
from tinygrad import Context
with Context(TRAINING=1):
  h = x
  for b in blocks: h = b(h)
  loss = head(h).sparse_categorical_crossentropy(y)
  opt.zero_grad()
  loss.backward()
  opt.step()
out = [loss] + [p for p in params]
