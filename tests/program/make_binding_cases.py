#!/usr/bin/env python3
"""Writes binding_cases.h: small tensor programs, one per API feature, with the
outputs tinygrad computes for them (test_bindings.cpp checks uopc's bindings
against these). Run with tinygrad at the reference commit:

    PYTHONPATH=/path/to/tinygrad DEV=CPU python3 make_binding_cases.py > binding_cases.h

Each body runs after `from tinygrad import Tensor, dtypes, function`, in its own
process; its outputs are `out` (a Tensor or a list of Tensors). Values are
written as program_test.h's flat(): "dtype (shape) [v, v, ...]", floats as
Python's repr of the shortest decimal that reads back to the same float32
(float64: the double's repr).
"""
import json, struct, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

CASES = [
  # creation
  ("creation", "tensor literals", "out = [Tensor([1, 2, 3]), Tensor([1.5, 2]), Tensor([True, False]), Tensor([[1, 2], [3, 4]], dtype=dtypes.float16), Tensor((1, 2), dtype='int8')]"),
  ("creation", "python scalar", "out = [Tensor(3.5) * 2, Tensor(7), Tensor(2, dtype=dtypes.float32)]"),
  ("creation", "arange", "out = [Tensor.arange(5), Tensor.arange(2, 8, 2), Tensor.arange(0, 1, 0.25), Tensor.arange(3, dtype=dtypes.float32), Tensor.arange(5, 0, -2)]"),
  ("creation", "fills", "out = [Tensor.zeros(2, 3), Tensor.ones((2,)), Tensor.full((2, 2), 7), Tensor.full((2,), 1.5), Tensor.zeros(2, dtype=dtypes.int32), Tensor.ones(3, dtype='int8'), Tensor.ones([1, 2])]"),
  ("creation", "eye linspace", "out = [Tensor.eye(3), Tensor.eye(2, 3), Tensor.linspace(0, 1, 5), Tensor.eye(2, dtype=dtypes.int32)]"),
  ("creation", "like", "x = Tensor([[1, 2], [3, 4]])\nout = [x.zeros_like(), x.ones_like(dtype=dtypes.float32), x.full_like(9), Tensor.zeros_like(x), x.const_like(2.5)]"),
  ("creation", "static stack cat einsum", "a = Tensor([1.0, 2.0])\nout = [Tensor.stack(a, a * 2), Tensor.cat(a, a, dim=0), Tensor.einsum('i,i->', a, a), Tensor.einsum('i,j->ij', [a, a]), Tensor.stack(a, a, dim=1)]"),
  ("creation", "random", "Tensor.manual_seed(42)\nout = [Tensor.rand(4), Tensor.randn(3), Tensor.randint(5, low=0, high=10), Tensor.uniform(2, low=-1.0, high=1.0)]"),
  ("creation", "multinomial", "Tensor.manual_seed(3)\nw = Tensor([[0.0, 5.0, 1.0, 0.5, 2.0], [3.0, 0.0, 0.0, 1.0, 1.0]])\nout = [w.multinomial(6, replacement=True), w.multinomial(4), w.softmax().multinomial(), Tensor([1, 2, 3, 4]).multinomial(3, replacement=True), Tensor([1, 2, 3, 4]).multinomial(2)]"),
  # dtypes
  ("dtypes", "names and aliases", "out = [Tensor([1, 2]).cast(dtypes.float), Tensor([1.7]).cast(dtypes.int), Tensor([1]).cast(dtypes.long), Tensor([300]).cast(dtypes.uchar), Tensor([1.5]).cast(dtypes.half), Tensor([1.5]).cast(dtypes.double), Tensor([1]).cast(dtypes.default_float), Tensor([2]).cast(dtypes.char), Tensor([2]).cast(dtypes.short), Tensor([2]).cast(dtypes.uint), Tensor([2]).cast(dtypes.ushort), Tensor([2]).cast(dtypes.ulong), Tensor([2.0]).cast(dtypes.default_int), Tensor([1.0]).cast('int16')]"),
  ("dtypes", "conversions", "x = Tensor([-1.5, 0.0, 2.5])\nout = [x.int(), x.long(), x.short(), x.bool(), x.half(), x.double(), x.int().float(), x.bitcast(dtypes.uint32)]"),
  ("dtypes", "python checks", "x = Tensor([1, 2])\nok = x.dtype == dtypes.int32 and dtypes.is_int(x.dtype) and not dtypes.is_float(x.dtype) and x.dtype.itemsize == 4 and dtypes.float == dtypes.float32 and x.float().dtype != dtypes.int\nout = Tensor([1.0]) if ok else Tensor([0.0])"),
  ("dtypes", "weak outputs", "out = [Tensor([1, 2]) * 2.5, Tensor([1, 0]).one_hot(3), Tensor.arange(3) + 0.5, Tensor([True, False]) + 1]"),
  # operators
  ("operators", "arithmetic", "a = Tensor([1.0, 2.0, 4.0])\nb = Tensor([2.0, 0.5, -1.0])\nout = [a + b, a - b, a * b, a / b, a ** 2, a // 3, a % 3, -a, b.abs(), a @ b]"),
  ("operators", "reflected", "a = Tensor([1.0, 2.0, 4.0])\nout = [2 - a, 2 ** a, 1 / a, 3 + a, 2 * a, 7 // a, 7 % a, 1 - Tensor([1, 2])]"),
  ("operators", "integer and bits", "i = Tensor([5, -3, 8])\nout = [i & 6, i | 1, i ^ 3, ~i, i << 1, i >> 1, i // 2, i % 3, -i, 6 & i, 1 | i]"),
  ("operators", "shift methods", "u = Tensor([1, 2, 4], dtype=dtypes.uint32)\nout = [u.__lshift__(2), u.__rshift__(1), Tensor([-8, 3]).__rshift__(1), Tensor([-8, 3]).__lshift__(Tensor([1, 2]))]"),
  ("operators", "comparisons", "a = Tensor([1, 2, 3])\nout = [a < 2, a <= 2, a > 2, a >= 2, a == 2, a != 2, 2 < a, 2 == a, a == a, (a > 1) & (a < 3)]"),
  ("operators", "augmented", "x = Tensor([1.0, 2.0])\nx += 1\nx *= Tensor([2.0, 3.0])\nx -= 0.5\nx /= 2\ny = Tensor([6, 7])\ny //= 2\ny %= 2\nout = [x, y]"),
  ("operators", "methods with reverse", "a = Tensor([1.0, 2.0])\nout = [a.sub(1, reverse=True), a.div(4, reverse=True), a.pow(2, reverse=True), a.add(a), a.mul(3), a.maximum(1.5), (a > 1).where(1, 2), a.div(Tensor([3.0, 3.0]), rounding_mode='floor')]"),
  # subscripts
  ("subscripts", "index forms", "a = Tensor.arange(24).reshape(2, 3, 4)\nout = [a[1], a[-1, 0], a[:, 1:, ::2], a[..., -1], a[None, 0], a[0, [2, 0]], a[Tensor([1, 0])], a[0][1][2], a[:, None, 2], a[1, ::-1, 3], a[[1, 0], [2, 0]]]"),
  ("subscripts", "setitem", "x = Tensor.zeros(3, 4).contiguous()\nx[1] = 5.0\nx[0, 1:3] = Tensor([7.0, 8.0])\nx[:, -1] += 1\nout = x"),
  # movement
  ("movement", "shape arguments", "a = Tensor.arange(6).reshape(2, 3)\nout = [a.reshape(3, 2), a.reshape((6,)), a.reshape([1, 6]), a.reshape(-1, 2), a.permute(1, 0), a.permute((1, 0)), a.expand(2, 2, 3), a.expand((2, -1, -1)), a.flip(0), a.flip((0, 1)), a.T, a.transpose(), a.view(3, 2)]"),
  ("movement", "pad shrink", "a = Tensor.arange(6).reshape(2, 3)\nout = [a.pad(((1, 0), None)), a.pad((1, 1)), a.pad((1, 1), mode='constant', value=-1), a.shrink(((0, 1), (1, 3))), a.shrink((None, (0, 2))), a.pad_to(3, 4)]"),
  ("movement", "axes", "a = Tensor.arange(6).reshape(2, 3)\nout = [a.unsqueeze(0).squeeze(0), a.flatten(), a.repeat(1, 2), a.repeat((2, 1)), a.roll(1, 1), a.unflatten(1, (3, 1)), a.triu(1), a.tril(), a.gather(1, Tensor([[0, 0], [2, 1]]))]"),
  ("movement", "split chunk", "a = Tensor.arange(6)\nparts = a.split(2)\nc = a.chunk(3)\nkinds = isinstance(parts, tuple) and isinstance(c, list) and len(parts) == 3\nout = [parts[0], parts[2], c[1], Tensor.cat(*parts), a.split([1, 5])[1]] if kinds else []"),
  ("movement", "argument forms", "a = Tensor.arange(6).reshape(2, 3)\nout = [Tensor.stack((a, a * 2)), Tensor.stack([a, a], dim=1), a.reshape((None, 3)), a.reshape(None, 1, 3), a.view((None, 3))]"),
  # reductions
  ("reductions", "axes and keepdim", "a = Tensor([[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]])\nout = [a.sum(), a.sum(axis=0), a.sum(1, keepdim=True), a.sum(axis=(0, 1)), a.max(axis=1), a.min(), a.mean(axis=0), a.var(axis=1), a.std(axis=1, correction=0), a.argmax(axis=1), a.argmin(), a.softmax(axis=0), a.cumsum(axis=1), a.prod(axis=1), a.sum(dtype=dtypes.int32), a.logsumexp(axis=1), a.any(), a.all(axis=0)]"),
  ("reductions", "pairs", "a = Tensor([[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]])\nv, m = a.var_mean(axis=1)\ns, i = a.sort(dim=1, descending=True)\ntv, ti = a.topk(2)\ncm, ci = a.cummax(1)\nout = [v, m, s, i, tv, ti, cm, ci, a.argsort(dim=0)]"),
  # nn
  ("nn", "conv pool norm", "x = Tensor.arange(16).reshape(1, 1, 4, 4).float()\nw = Tensor.ones(2, 1, 2, 2)\nout = [x.conv2d(w), x.conv2d(w, Tensor([1.0, -1.0]), stride=2), x.conv2d(weight=w, padding=(1, 0)), x.max_pool2d(), x.avg_pool2d(kernel_size=(2, 2), stride=1), x.max_pool2d(2, return_indices=True)[1], x.layernorm(axis=(2, 3)), x.reshape(4, 4).linear(Tensor.ones(4, 2), Tensor([1.0, 2.0])), x.interpolate(size=(2, 2), mode='nearest')]"),
  ("nn", "losses", "logits = Tensor([[2.0, 1.0, 0.1], [0.5, 2.5, 0.3]])\ny = Tensor([0, 1])\nout = [logits.cross_entropy(y), logits.sparse_categorical_crossentropy(y, reduction='sum'), logits.log_softmax().nll_loss(y), logits.sigmoid().binary_crossentropy(Tensor([[1.0, 0.0, 1.0], [0.0, 1.0, 0.0]])), y.one_hot(3)]"),
  ("nn", "attention dropout", "q = Tensor.arange(8).reshape(1, 2, 4).float() * 0.1\nout = [q.scaled_dot_product_attention(q, q), q.dropout(0.5), q.scaled_dot_product_attention(q, q, is_causal=True)]"),
  ("nn", "activations", "x = Tensor([-2.0, -0.5, 0.0, 1.5])\nout = [x.relu(), x.leaky_relu(0.2), x.elu(alpha=0.5), x.gelu(), x.softplus(beta=2), x.hardtanh(-1, 1), x.clamp(min_=-1), x.clip(-0.5, 0.5), x.selu(), x.celu(), x.hardsigmoid()]"),
  ("nn", "selections", "x = Tensor([[1.5, 0.0], [0.0, 2.0]])\nout = [x.masked_select(x > 1), x.nonzero(), x.normalize(), x.normalize(p=1, dim=0), x.masked_select(Tensor(True), size=5, fill_value=-1), Tensor.max_unpool2d(*x.reshape(1, 1, 2, 2).max_pool2d(return_indices=True)), Tensor([0, 3, 0]).nonzero(size=3, fill_value=-1)]"),
  # gradients
  ("gradients", "backward", "x = Tensor([1.0, 2.0, 3.0])\nw = Tensor([0.5, -1.0, 2.0])\nloss = (x * w).sum() + (x * x).mean()\nloss.backward()\nout = [loss, x.grad, w.grad]"),
  ("gradients", "gradient and assign", "x = Tensor([1.0, 2.0])\ny = (x * x).sum()\ng = y.gradient(x)[0]\nx.assign(x - g * 0.1)\nout = [g, x]"),
  # function
  ("function", "tuple results", "@function\ndef f(a, b):\n  return a * b + 1, a - b\nx = Tensor([1.0, 2.0])\ny = Tensor([3.0, 4.0])\np, q = f(x, y)\nout = [p, q, f(y, x)[0]]"),
  ("function", "list argument", "@function\ndef g(ts):\n  return ts[0] + ts[1] * 2\nout = g([Tensor([1.0]), Tensor([2.0])])"),
  ("function", "allow implicit", "w = Tensor([2.0, 3.0])\n@function(allow_implicit=True)\ndef h(x):\n  return x * w\nout = h(Tensor([1.0, 1.0]))"),
  # python values
  ("python", "shape len item tolist", "x = Tensor([[1, 2, 3], [4, 5, 6]])\nrows, cols = x.shape\nn = len(x)\ntotal = x.sum().item()\nlst = x.tolist()\nout = Tensor([rows, cols, n, total, lst[1][2], x.ndim, x.numel(), x.size(1), x.shape[-1], x.size()[0]])"),
  ("python", "iteration", "x = Tensor([[1.0, 2.0], [3.0, 4.0]])\nout = [r * 2 for r in x]"),
  ("python", "properties", "x = Tensor([[1.0, 2.0]])\nok = x.device == 'CPU' and x.T.shape == (2, 1) and x.grad is None and isinstance(x, Tensor) and x.is_floating_point() and x.element_size() == 4\nout = Tensor([1.0]) if ok else Tensor([0.0])"),
  ("python", "markers", "x = Tensor([1.0, 2.0])\ny = (x * 2).realize()\nout = [y, x.contiguous(), x.detach(), Tensor.realize(x + 1)]"),
  ("python", "item in control flow", "x = Tensor([3.0, 1.0])\nout = x * 2 if x.max().item() > 2 else x"),
  # tinygrad.nn layers with their default initializers (seeded: tinygrad's Threefry stream)
  ("nnlayers", "linear conv", "from tinygrad import nn\nTensor.manual_seed(1)\nl = nn.Linear(3, 2)\nc = nn.Conv2d(2, 3, 3, padding=1)\nc1 = nn.Conv1d(2, 2, 3, stride=2)\nsame = nn.Conv2d(2, 2, (3, 2), padding='same', bias=False)\nx = Tensor.rand(1, 2, 4, 4)\nout = [l.weight, l.bias, l(x[0, 0, :, :3]), c(x), c1(x[:, :, 0]), same(x)]"),
  ("nnlayers", "transposed convs", "from tinygrad import nn\nTensor.manual_seed(2)\nct = nn.ConvTranspose2d(2, 3, 3, stride=2, padding=1, output_padding=1)\nct1 = nn.ConvTranspose1d(2, 1, 2)\nx = Tensor.randn(1, 2, 3, 3)\nout = [ct.weight, ct(x), ct1(x[:, :, 0])]"),
  ("nnlayers", "norms", "from tinygrad import nn\nTensor.manual_seed(3)\nx = Tensor.randn(2, 4, 3, 2) * 2 + 1\nbn, gn, inn = nn.BatchNorm2d(4), nn.GroupNorm(2, 4), nn.InstanceNorm(4)\nln, ln2, rms = nn.LayerNorm((3, 2)), nn.LayerNorm2d(4), nn.RMSNorm(2)\nout = [bn(x), gn(x), inn(x), ln(x), ln2(x), rms(x), nn.LayerNorm(2, elementwise_affine=False)(x), nn.GroupNorm(4, 4, affine=False)(x)]"),
  ("nnlayers", "batchnorm training", "from tinygrad import nn, Context\nTensor.manual_seed(4)\nbn = nn.BatchNorm(3, momentum=0.2)\nx = Tensor.rand(4, 3, 2)\nwith Context(TRAINING=1):\n  y = bn(x)\n  y2 = bn(x * 2)\nz = bn(x)\nout = [y, y2, z, bn.running_mean, bn.running_var, bn.num_batches_tracked]"),
  ("nnlayers", "embedding lstmcell", "from tinygrad import nn\nTensor.manual_seed(5)\nemb = nn.Embedding(6, 3)\ncell = nn.LSTMCell(3, 4)\nidx = Tensor([[0, 5], [2, 2]])\nh, c = cell(emb(idx[:, 0]))\nh2, c2 = cell(emb(idx[:, 1]), (h, c))\nout = [emb.weight, emb(idx), h, c, h2, c2, nn.LSTMCell(2, 2, bias=False)(Tensor.ones(1, 2))[0]]"),
  ("nnlayers", "dropout follows training", "from tinygrad import Context\nTensor.manual_seed(6)\nx = Tensor.ones(2, 5)\nwith Context(TRAINING=1):\n  d = x.dropout(0.4)\nout = [d, x.dropout(0.4)]"),
  # nn.optim: two steps of each optimizer on one layer
  ("optim", "sgd variants", "from tinygrad import nn, Context\nouts = []\nfor kw in [dict(), dict(momentum=0.9), dict(momentum=0.9, nesterov=True), dict(weight_decay=0.1), dict(momentum=0.5, weight_decay=0.05, classic=True)]:\n  Tensor.manual_seed(7)\n  l = nn.Linear(3, 2)\n  opt = nn.optim.SGD(nn.state.get_parameters(l), lr=0.1, **kw)\n  x = Tensor.randn(4, 3)\n  with Context(TRAINING=1):\n    for _ in range(2):\n      opt.zero_grad()\n      (l(x) ** 2).mean().backward()\n      opt.step()\n  outs += [l.weight, l.bias]\nout = outs"),
  ("optim", "adam adamw lamb", "from tinygrad import nn, Context\nouts = []\nfor make in [lambda p: nn.optim.Adam(p, lr=0.01), lambda p: nn.optim.AdamW(p, lr=0.01, weight_decay=0.2), lambda p: nn.optim.LAMB(p, lr=0.02), lambda p: nn.optim.LAMB(p, lr=0.02, weight_decay=0.1, b1=0.8)]:\n  Tensor.manual_seed(8)\n  l = nn.Linear(3, 2)\n  opt = make([l.weight, l.bias])\n  x = Tensor.randn(4, 3)\n  with Context(TRAINING=1):\n    for _ in range(3):\n      opt.zero_grad()\n      loss = (l(x) - 1).abs().sum()\n      loss.backward()\n      opt.step()\n  outs += [l.weight, l.bias, opt.m[0], opt.b1_t]\nout = outs"),
  ("optim", "muon", "from tinygrad import nn, Context\nTensor.manual_seed(10)\nl, c = nn.Linear(4, 3), nn.Conv2d(2, 3, 2)\nopt = nn.optim.Muon(nn.state.get_parameters(l) + [c.weight], lr=0.05)\nx = Tensor.randn(5, 4)\nwith Context(TRAINING=1):\n  for _ in range(3):\n    opt.zero_grad()\n    ((l(x) - 1).square().mean() + c(x.reshape(5, 2, 2, 1).pad((0, 1, 0, 0))).sum() * 0.1).backward()\n    opt.step()\nout = [l.weight, l.bias, c.weight, opt.b[0]]"),
  ("nn", "qr svd", "Tensor.manual_seed(12)\na, b = Tensor.randn(5, 3), Tensor.randn(2, 3, 4)\nq, r = a.qr()\nq2, r2 = b.qr()\nu, s, vh = a.svd()\nu2, s2, vh2 = b.svd(full_matrices=False)\nu3, s3, vh3 = Tensor([[2, 0], [0, 2], [1, 1]]).svd()\nout = [q, r, q2, r2, Tensor([[1, 2], [3, 4]]).qr()[1], u, s, vh, u2, s2, vh2, s3, Tensor.eye(3).qr()[0]]"),
  ("reductions", "sort ties and padding", "x = Tensor([3.0, 1.0, 3.0, float('inf'), -1.0, 1.0, float('-inf')])\nv, i = x.sort()\nw, j = x.sort(descending=True)\nk = Tensor([[2, 2, 1], [0, 5, 5]]).argsort(dim=1, descending=True)\nt, ti = Tensor([4, 4, 4, 1, 4]).topk(3)\nout = [v, i, w, j, k, t, ti]"),
  ("nn", "newton schulz", "Tensor.manual_seed(11)\nout = [Tensor.randn(3, 5).newton_schulz(5, (3.4445, -4.775, 2.0315)), Tensor.randn(6, 4).newton_schulz(steps=3, params=(2, -1.5, 0.5)), Tensor.randn(2, 3, 3).newton_schulz(2, [1.5, -0.5], eps=1e-3), Tensor.eye(3).newton_schulz(1, (1,))]"),
  ("optim", "schedule_step and group", "from tinygrad import nn, Context\nTensor.manual_seed(9)\na, b = nn.Linear(2, 2), nn.Linear(2, 1)\nopt = nn.optim.OptimizerGroup(nn.optim.SGD(nn.state.get_parameters(a), lr=0.1), nn.optim.Adam(nn.state.get_parameters(b), lr=0.1))\nx = Tensor.rand(3, 2)\nwith Context(TRAINING=1):\n  opt.zero_grad()\n  b(a(x).relu()).sum().backward()\n  Tensor.realize(*opt.schedule_step())\nout = [a.weight, b.weight, b.bias]"),
  # random functions: Threefry streams across calls and shapes
  ("random", "streams", "Tensor.manual_seed(10)\nout = [Tensor.rand(3), Tensor.rand(2, 3), Tensor.randn(5), Tensor.randint(2, 3, low=-5, high=5), Tensor.uniform(4, low=2, high=3), Tensor.normal(3, mean=1.0, std=0.5), Tensor.rand(1), Tensor.rand(3, dtype=dtypes.float16)]"),
  ("random", "initializers", "Tensor.manual_seed(11)\nout = [Tensor.kaiming_uniform(3, 4), Tensor.kaiming_normal(2, 3, a=0.5), Tensor.glorot_uniform(3, 2), Tensor.scaled_uniform(2, 3), Tensor.kaiming_uniform(2, 2, 2), Tensor.randn(2, 2).randn_like(), Tensor.ones(3).rand_like()]"),
  ("random", "reseed and realize order", "Tensor.manual_seed(12)\na = Tensor.rand(3)\nb = Tensor.rand(2)\nb.realize()\nTensor.manual_seed(12)\nc = Tensor.rand(3)\nout = [a, b, c]"),
  # nn.state
  ("state", "state dicts", "from tinygrad import nn\nfrom tinygrad.nn.state import get_state_dict, get_parameters, load_state_dict\nclass Block:\n  def __init__(self):\n    self.norm, self.layers, self.extra = nn.LayerNorm(2), [nn.Linear(2, 2), nn.Linear(2, 1, bias=False)], {'scale': Tensor([2.0])}\nTensor.manual_seed(13)\na, b = Block(), Block()\nsd = get_state_dict(a)\nkeys = ['norm.weight', 'norm.bias', 'layers.0.weight', 'layers.0.bias', 'layers.1.weight', 'extra.scale']\nloaded = load_state_dict(b, sd)\nx = Tensor.rand(3, 2)\nout = [Tensor([list(sd.keys()) == keys, len(get_parameters(a)) == 6, len(loaded) == 6]), b.layers[1].weight - a.layers[1].weight, b.layers[0](x)]"),
]

NAMES = {"float": "float32", "half": "float16", "__bf16": "bfloat16", "double": "float64", "signed char": "int8",
         "short": "int16", "int": "int32", "long": "int64", "unsigned char": "uint8", "unsigned short": "uint16",
         "unsigned int": "uint32", "unsigned long": "uint64", "bool": "bool", "weakfloat": "float32", "weakint": "int32"}

RUNNER = r'''
import json, sys
from tinygrad import Tensor, dtypes, function
g = {"Tensor": Tensor, "dtypes": dtypes, "function": function}
exec(sys.stdin.read(), g)
out = g["out"]
out = out if isinstance(out, (list, tuple)) else [out]
Tensor.realize(*out)
print(json.dumps([[t.dtype.name, list(t.shape), t.reshape(-1).tolist()] for t in out]))
'''


def short_float(v, is_double):
  if is_double or v != v or v in (float("inf"), float("-inf")): return repr(v)
  f32 = lambda x: struct.unpack("f", struct.pack("f", x))[0]
  for p in range(1, 10):
    back = float("%.*g" % (p, v))
    if f32(back) == f32(v): return repr(back)
  return repr(v)


def flat(dtype, shape, data):
  name = NAMES[dtype]
  def el(v):
    if name == "bool": return "True" if v else "False"
    if name.startswith("float") or name == "bfloat16": return short_float(float(v), name == "float64")
    return str(int(v))
  shp = "(" + ", ".join(str(s) for s in shape) + ("," if len(shape) == 1 else "") + ")"
  return f"{name} {shp} [" + ", ".join(el(v) for v in data) + "]"


def run(case):
  group, name, body = case
  r = subprocess.run([sys.executable, "-c", RUNNER], input=body, capture_output=True, text=True)
  if r.returncode != 0: return RuntimeError(f"{name}: {r.stderr[-600:]}")
  # the last line: what the program itself printed comes before it
  return " | ".join(flat(*o) for o in json.loads(r.stdout.strip().splitlines()[-1]))


def c_string(s):
  return json.dumps(s)  # a JSON string is a valid C++ string literal for these ASCII texts


with ThreadPoolExecutor(4) as pool: results = list(pool.map(run, CASES))
if errors := [r for r in results if isinstance(r, Exception)]:
  sys.exit("\n".join(str(e) for e in errors))
print("// Generated by make_binding_cases.py from tinygrad a9069c177a9d (DEV=CPU): do not edit.")
print("// Each case: a program body, and tinygrad's outputs as programtest::flat() writes them.")
print("#pragma once\n\nnamespace programtest {\n\nstruct BindingCase {\n  const char* group;\n  const char* name;\n  const char* body;\n  const char* expected;\n};\n")
print("inline constexpr BindingCase kBindingCases[] = {")
for (group, name, body), expected in zip(CASES, results):
  print(f"    {{{c_string(group)}, {c_string(name)},\n     {c_string(body)},\n     {c_string(expected)}}},")
print("};\n\n} // namespace programtest")
