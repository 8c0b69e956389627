# tinygrad.nn.optim as UOpScope provides it: tinygrad's optimizers with their
# arguments, state tensors and update formulas in tinygrad's order of
# operations, so a seeded training run gives tinygrad's numbers.
# Written in the program language; `step()` assigns the new values to the
# parameters (every reference to them sees the update).
from tinygrad import Tensor, dtypes
from tinygrad.helpers import TRAINING


def _unique(tensors):
  # the tensors in order, each once (by identity: == on tensors is elementwise)
  out = []
  for t in tensors:
    seen = False
    for u in out:
      if u is t:
        seen = True
    if not seen:
      out.append(t)
  return out


class Optimizer:
  def __init__(self, params, lr, device=None, fused=False):
    assert lr >= 0, f"Invalid learning rate: {lr}"
    assert not fused, "fused optimizers (FUSE_OPTIM) are not supported"
    self.params = _unique([t for t in params if t.is_param])
    assert len(self.params) != 0, "optimizer must have at least one param"
    # tensors the model holds but does not learn (running statistics): realized with a step
    self.buffers = _unique([t for t in params if not t.is_param])
    self.device = device if device is not None else self.params[0].device
    self.fused = fused
    self.lr = Tensor([lr], device=self.device, dtype=dtypes.float32)

  def _new_optim_param(self):
    return [Tensor.zeros(t.shape, dtype=dtypes.float32, device=self.device) for t in self.params]

  def zero_grad(self):
    for param in self.params:
      param.grad = None

  def step(self):
    Tensor.realize(*self.schedule_step())

  def schedule_step(self):
    # tinygrad's error, word for word: a RuntimeError a program can catch
    if not TRAINING: raise RuntimeError(
            f"""TRAINING={TRAINING.value}, TRAINING must be enabled to use the optimizer.
                - help: Consider using Context(TRAINING=1) before calling Optimizer.step().""")
    for t in self.params:
      assert t.grad is not None, "a parameter has no gradient: call backward() before step()"
    updates, extra = self._step(self.params, [t.grad for t in self.params])
    for t, update in zip(self.params, updates):
      t.assign(self._apply_update(t, update))
    return extra + self.params + self.buffers

  def _apply_update(self, t, update):
    return t.detach() - update.to(t.device)


class OptimizerGroup(Optimizer):
  def __init__(self, *optimizers):
    self.optimizers = optimizers
    self.params = [p for o in optimizers for p in o.params]
    self.buffers = [b for o in optimizers for b in o.buffers]

  def __getitem__(self, i):
    return self.optimizers[i]

  def zero_grad(self):
    for o in self.optimizers:
      o.zero_grad()

  def schedule_step(self):
    return [t for o in self.optimizers for t in o.schedule_step()]


class LARS(Optimizer):
  def __init__(self, params, lr=0.001, momentum=0.9, weight_decay=1e-4, ns_steps=0,
               ns_coefficients=None, nesterov=False, classic=True, pre_wd=True, tcoef=0.001,
               device=None, fused=False):
    assert momentum >= 0, f"Invalid momentum value: {momentum}"
    super().__init__(params, lr, device, fused)
    self.momentum, self.wd, self.nesterov = momentum, weight_decay, nesterov
    self.ns_steps, self.ns_coefficients = ns_steps, ns_coefficients
    self.classic, self.pre_wd, self.tcoef = classic, pre_wd, tcoef
    self.b = self._new_optim_param() if self.momentum else []

  def _trust_ratio(self, t, g):
    if self.tcoef == 0:
      return 1.0
    r1 = t.detach().square().sum().sqrt()
    r2 = g.square().sum().sqrt()
    ratio = self.tcoef * r1 / (r2 + self.wd * r1)
    return (r1 > 0).where((r2 > 0).where(ratio, 1.0), 1.0)

  def _step(self, params, grads):
    out = []
    for i, (t, g) in enumerate(zip(params, grads)):
      r = self._trust_ratio(t, g)
      if self.pre_wd and self.wd > 0:
        g = g + self.wd * t.detach()
      if self.classic:
        g = g * r * self.lr
      if self.momentum:
        # b starts at zero, so the first step needs no special case
        self.b[i].assign(self.momentum * self.b[i] + g)
        g = (g + self.momentum * self.b[i]) if self.nesterov else self.b[i]
      if self.ns_coefficients:
        # Muon: the update orthogonalized, as a matrix of its first axis by the rest
        g = g.reshape(g.shape[0], -1).newton_schulz(self.ns_steps, self.ns_coefficients).reshape(g.shape)
      if not self.pre_wd and self.wd > 0:
        t = t.detach() * (1.0 - self.wd * self.lr)
      if not self.classic:
        g = g * r * self.lr
      out.append(g.cast(t.dtype))
    return out, self.b


def SGD(params, lr=0.001, momentum=0.0, weight_decay=0.0, nesterov=False, classic=False,
        device=None, fused=False):
  return LARS(params, lr, momentum, weight_decay, 0, None, nesterov, classic=classic, pre_wd=True,
              tcoef=0.0, device=device, fused=fused)


# SGD whose update (after Nesterov momentum) goes through Newton-Schulz steps, with the weight decay
# applied after the momentum.
def Muon(params, lr=0.001, momentum=0.95, weight_decay=0.1, ns_steps=5,
         ns_coefficients=(3.4445, -4.775, 2.0315), nesterov=True, device=None, fused=False):
  assert not fused, "FUSE_OPTIM not allowed for Muon optimizer"
  return LARS(params, lr, momentum, weight_decay, ns_steps, ns_coefficients, nesterov, classic=False,
              pre_wd=False, tcoef=0.0, device=device, fused=fused)


class LAMB(Optimizer):
  def __init__(self, params, lr=0.001, b1=0.9, b2=0.999, eps=1e-6, weight_decay=0.0, adam=False,
               device=None, fused=False):
    assert weight_decay >= 0, f"Invalid weight_decay value: {weight_decay}"
    super().__init__(params, lr, device, fused)
    self.b1, self.b2, self.eps, self.wd, self.adam = b1, b2, eps, weight_decay, adam
    # b1**t and b2**t, kept as tensors so a step's graph does not depend on t
    self.b1_t = Tensor.ones((1,), dtype=dtypes.float32, device=self.device).is_param_(False)
    self.b2_t = Tensor.ones((1,), dtype=dtypes.float32, device=self.device).is_param_(False)
    self.m = self._new_optim_param()
    self.v = self._new_optim_param()

  def _step(self, params, grads):
    out = []
    self.b1_t *= self.b1
    self.b2_t *= self.b2
    for i, (t, g) in enumerate(zip(params, grads)):
      self.m[i].assign((self.b1 * self.m[i] + (1.0 - self.b1) * g).cast(self.m[i].dtype))
      self.v[i].assign((self.b2 * self.v[i] + (1.0 - self.b2) * (g * g)).cast(self.v[i].dtype))
      m_hat = self.m[i] / (1.0 - self.b1_t)
      v_hat = self.v[i] / (1.0 - self.b2_t)
      up = m_hat / (v_hat.sqrt() + self.eps) + self.wd * t.detach()
      r = 1.0
      if not self.adam:
        r1 = t.detach().square().sum().sqrt()
        r2 = up.square().sum().sqrt()
        r = (r1 > 0).where((r2 > 0).where(r1 / r2, 1.0), 1.0)
      out.append((self.lr * r * up).cast(t.dtype))
    return out, [self.b1_t, self.b2_t] + self.m + self.v


def Adam(params, lr=0.001, b1=0.9, b2=0.999, eps=1e-8, device=None, fused=False):
  return LAMB(params, lr, b1, b2, eps, 0.0, adam=True, device=device, fused=fused)


def AdamW(params, lr=0.001, b1=0.9, b2=0.999, eps=1e-8, weight_decay=0.01, device=None,
          fused=False):
  return LAMB(params, lr, b1, b2, eps, weight_decay, adam=True, device=device, fused=fused)
