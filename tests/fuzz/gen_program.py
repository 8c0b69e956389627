#!/usr/bin/env python3
"""Random well-formed tensor programs (../../../shared/PROGRAM_FORMAT.md), seeded.

Every program is valid for tinygrad and for uopc: the generator tracks the shape and
dtype of every value it builds, so each call it writes is legal. It also tracks, for
each value, a bound on its magnitude and whether it is exact (a float that is a
multiple of 2**-k small enough that any evaluation order gives the same bits, or an
int, or a bool). Discontinuous operations (comparisons, casts to int, argmax) are
only applied to exact values, so devices that round differently cannot disagree on
them; magnitudes are kept small so that float32 tolerances stay meaningful.

    gen_program.py --seed S [--count N] [--out DIR]

prints program S (or writes programs S..S+N-1 to DIR as prog_<seed>.py).
"""

import argparse
import math
import os
import random
import re
import sys

MAX_ELEMENTS = 4096     # no tensor of a program is bigger
MATMUL_WORK = 65536     # n * k * m of one matmul
DIMS = [1, 1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 32]
FLOAT_EXACT_LIMIT = 2.0 ** 22   # bound * 2**grid below this: sums are exact in any order
HALF_EXACT_LIMIT = 2.0 ** 9
HALF_MARK = "# fuzz-tolerance: float16"   # diff_devices.py compares every float with the float16 rule


def prod(shape):
  n = 1
  for d in shape:
    n *= d
  return n


def is_float(dtype):
  return dtype in ("float32", "float16")


class Val:
  """A value of the program: an expression text with what is known about it.

  grid: None for an inexact float, else the values are multiples of 2**-grid
  (always 0 for ints and bools). bound: a bound on |value|.
  """

  def __init__(self, text, shape, dtype, bound, grid=None, atom=True):
    self.text = text
    self.shape = tuple(shape)
    self.dtype = dtype
    self.bound = float(bound)
    self.grid = grid
    self.atom = atom

  @property
  def exact(self):
    if self.dtype in ("int32", "bool"):
      return True
    if self.grid is None:
      return False
    limit = HALF_EXACT_LIMIT if self.dtype == "float16" else FLOAT_EXACT_LIMIT
    return self.bound * 2.0 ** self.grid < limit

  def a(self):
    """The text as an operand of a postfix or binary operator."""
    return self.text if self.atom else "(" + self.text + ")"

  def like(self, text, shape=None, dtype=None, bound=None, grid="same", atom=True):
    return Val(text, self.shape if shape is None else shape, self.dtype if dtype is None else dtype,
               self.bound if bound is None else bound, self.grid if grid == "same" else grid, atom)


def fmt_float(x):
  text = repr(float(x))
  return text


def broadcast(s1, s2):
  n = max(len(s1), len(s2))
  a = (1,) * (n - len(s1)) + tuple(s1)
  b = (1,) * (n - len(s2)) + tuple(s2)
  out = []
  for x, y in zip(a, b):
    if x != y and x != 1 and y != 1:
      return None
    out.append(y if x == 1 else x)
  return tuple(out)


def promote(d1, d2):
  order = ["bool", "int32", "float16", "float32"]
  return order[max(order.index(d1), order.index(d2))]


class Generator:
  def __init__(self, seed):
    self.seed = seed
    self.rng = random.Random(seed)
    self.lines = []
    self.pool = []        # named values, newest last
    self.defs = {}        # name -> the expression assigned to it
    self.counter = 0
    self.indent = ""
    self.grad_mode = False
    self.allow_half = True
    self.no_literals = False  # inside an @function: a literal would be an implicit buffer

  # ---------------------------------------------------------------- helpers
  def chance(self, p):
    return self.rng.random() < p

  def pick(self, seq):
    return self.rng.choice(seq)

  def fresh(self, prefix="t"):
    self.counter += 1
    return "%s%d" % (prefix, self.counter)

  def emit(self, line):
    self.lines.append(self.indent + line)

  def assign(self, val, prefix="t"):
    """Binds val to a new name; returns the named value (added to the pool)."""
    name = self.fresh(prefix)
    self.emit("%s = %s" % (name, val.text))
    self.defs[name] = val.text
    named = val.like(name, atom=True)
    self.pool.append(named)
    return named

  def random_shape(self, max_rank=4, max_elements=512):
    if max_elements == 512 and self.chance(0.25):
      max_elements = MAX_ELEMENTS
    rank = self.pick([1, 1, 2, 2, 2, 3, 3, 4][: 2 + 2 * max_rank])
    rank = min(rank, max_rank)
    while True:
      shape = tuple(self.pick(DIMS) for _ in range(rank))
      if prod(shape) <= max_elements:
        return shape

  def factorize(self, n, rank):
    """A random shape of the given rank with n elements."""
    dims = [1] * rank
    primes = []
    m, p = n, 2
    while m > 1:
      while m % p == 0:
        primes.append(p)
        m //= p
      p += 1
    for q in primes:
      dims[self.rng.randrange(rank)] *= q
    return tuple(dims)

  # ---------------------------------------------------------------- inputs
  def new_input(self, shape, dtype="float32"):
    """A deterministic input of the shape: arange-based or a literal list."""
    n = prod(shape)
    dims = ", ".join(str(d) for d in shape)
    reshape = ".reshape(%s)" % dims if len(shape) > 1 else (".reshape(())" if not shape else "")
    if dtype == "bool":
      k = self.pick([2, 3, 5])
      r = self.rng.randrange(k)
      text = "(Tensor.arange(%d)%s %% %d) == %d" % (n, reshape, k, r)
      return Val(text, shape, "bool", 1, 0, atom=False)
    if dtype == "int32":
      if n <= 12 and self.chance(0.4) and not self.no_literals:
        return Val(self.literal(shape, lambda: self.rng.randint(-9, 9)) + ", dtype=dtypes.int32)",
                   shape, "int32", 9, 0)
      k = self.pick([3, 5, 7, 11])
      off = self.rng.randint(0, k)
      return Val("Tensor.arange(%d)%s %% %d - %d" % (n, reshape, k, off), shape, "int32",
                 max(k, off), 0, atom=False)
    style = self.rng.randrange(4 if self.grad_mode else 5)
    if self.no_literals and style == 0:
      style = 1
    if (self.grad_mode and not self.no_literals) or (n <= 24 and style == 0):
      # a literal: multiples of 1/4 in [-2, 2], exact
      text = self.literal(shape, lambda: self.rng.randint(-8, 8) / 4.0) + ")"
      val = Val(text, shape, "float32", 2, 2)
    elif style == 1:
      step = self.pick([0.25, 0.5, 0.125])
      start = -math.floor(n / 2) * step
      val = Val("Tensor.arange(%d)%s.float() * %s + %s" % (n, reshape, fmt_float(step), fmt_float(start)),
                shape, "float32", n * step, 3, atom=False)
    elif style == 2:
      c = self.pick([0.37, 0.11, 1.3, 0.7, 2.1])
      fn = self.pick(["sin", "cos"])
      scale = self.pick([1.0, 2.0, 0.5, 3.0])
      val = Val("(Tensor.arange(%d)%s.float() * %s).%s() * %s" % (n, reshape, c, fn, fmt_float(scale)),
                shape, "float32", scale, None, atom=False)
    elif style == 3:
      lo = self.rng.randint(-3, 0)
      val = Val("Tensor.linspace(%d, %d, %d)%s" % (lo, lo + self.rng.randint(1, 4), n, reshape),
                shape, "float32", 4, None)
    else:
      c = self.pick([0.3, 0.05, 0.9])
      val = Val("(Tensor.arange(%d)%s.float() * %s + 0.5).cos() * (Tensor.arange(%d)%s.float() * %s).sin()"
                % (n, reshape, c, n, reshape, self.pick([0.2, 0.7])), shape, "float32", 1, None, atom=False)
    if dtype == "float16":
      val = val.like(val.a() + ".half()", dtype="float16")
    return val

  def literal(self, shape, element):
    def build(dims):
      if not dims:
        return repr(element())
      return "[" + ", ".join(build(dims[1:]) for _ in range(dims[0])) + "]"
    if not shape:
      return "Tensor(%s" % repr(element())
    return "Tensor(" + build(list(shape))

  def input_var(self, shape, dtype="float32"):
    return self.assign(self.new_input(shape, dtype), "x")

  # ---------------------------------------------------------------- choosing operands
  def pick_val(self, pred=lambda v: True):
    candidates = [v for v in self.pool if pred(v)]
    if not candidates:
      return None
    # prefer recent values
    weights = [1 + i for i in range(len(candidates))]
    return self.rng.choices(candidates, weights)[0]

  def operand_for(self, x, dtype=None):
    """A second operand broadcast-compatible with x: a pooled value, a new input or a scalar."""
    dtype = dtype or x.dtype
    r = self.rng.random()
    if r < 0.2 and dtype != "bool":
      if dtype == "int32":
        c = self.rng.randint(-4, 5)
        return Val(str(c), (), "int32", abs(c), 0)
      c = self.pick([0.5, 2.0, -1.5, 0.25, 3.0, 1.0, -0.75])
      return Val(fmt_float(c), (), dtype, abs(c), 2)
    if r < 0.55:
      other = self.pick_val(lambda v: v.dtype == dtype and v is not x and broadcast(v.shape, x.shape) == x.shape)
      if other is not None:
        return other
    # a new input of a shape that broadcasts to x's
    shape = list(x.shape)
    if shape and self.chance(0.3):
      shape = shape[self.rng.randrange(len(shape) + 1):]
    shape = [1 if self.chance(0.3) else d for d in shape]
    return self.input_var(tuple(shape), dtype)

  def tame(self, x, limit=8.0):
    """x scaled by a power of two so that |x| <= limit."""
    if x.bound <= limit:
      return x
    k = math.ceil(math.log2(x.bound / limit))
    grid = None if x.grid is None else x.grid + k
    return x.like("%s * %s" % (x.a(), fmt_float(2.0 ** -k)), bound=x.bound / 2 ** k, grid=grid, atom=False)

  # ---------------------------------------------------------------- operations
  def op_unary(self, x):
    if not is_float(x.dtype):
      return None
    t = self.tame(x)
    choices = [
      ("neg", lambda: x.like("-" + x.a(), atom=False)),
      ("abs", lambda: x.like(x.a() + ".abs()")),
      ("relu", lambda: x.like(x.a() + ".relu()")),
      ("sin", lambda: x.like(t.a() + ".sin()", bound=1, grid=None)),
      ("cos", lambda: x.like(t.a() + ".cos()", bound=1, grid=None)),
      ("tanh", lambda: x.like(x.a() + ".tanh()", bound=1, grid=None)),
      ("sigmoid", lambda: x.like(x.a() + ".sigmoid()", bound=1, grid=None)),
      ("exp", lambda: x.like(t.a() + ".exp()", bound=math.exp(t.bound), grid=None)),
      ("exp2", lambda: x.like(t.a() + ".exp2()", bound=2 ** t.bound, grid=None)),
      ("log", lambda: x.like("(%s * %s + 1).log()" % (t.a(), t.a()), bound=math.log(t.bound ** 2 + 1) + 1, grid=None)),
      ("log2", lambda: x.like("(%s.abs() + 0.5).log2()" % t.a(), bound=math.log2(t.bound + 0.5) + 1, grid=None)),
      ("sqrt", lambda: x.like("(%s * %s + 0.25).sqrt()" % (t.a(), t.a()), bound=t.bound + 1, grid=None)),
      ("rsqrt", lambda: x.like("(%s * %s + 1).rsqrt()" % (t.a(), t.a()), bound=1, grid=None)),
      ("reciprocal", lambda: x.like("(%s.abs() + 1).reciprocal()" % t.a(), bound=1, grid=None)),
      ("square", lambda: x.like(t.a() + ".square()", bound=t.bound ** 2, grid=None if t.grid is None else 2 * t.grid)),
      ("pow", lambda: x.like("%s ** 2" % t.a(), bound=t.bound ** 2, grid=None, atom=False)),
      ("gelu", lambda: x.like(t.a() + ".gelu()", bound=t.bound + 1, grid=None)),
      ("silu", lambda: x.like(t.a() + ".silu()", bound=t.bound + 1, grid=None)),
      ("softplus", lambda: x.like(t.a() + ".softplus()", bound=t.bound + 1, grid=None)),
      ("leaky_relu", lambda: x.like(x.a() + ".leaky_relu(0.25)", grid=None if x.grid is None else x.grid + 2)),
      ("elu", lambda: x.like(t.a() + ".elu()", bound=t.bound + 1, grid=None)),
      ("clip", lambda: x.like(x.a() + ".clip(-1.5, 2.0)", bound=min(x.bound, 2), grid=None if x.grid is None else max(x.grid, 1))),
      ("hardtanh", lambda: x.like(x.a() + ".hardtanh()", bound=min(x.bound, 1))),
      ("scale", lambda: x.like("%s * %s" % (x.a(), fmt_float(self.pick([0.5, 0.25, 2.0]))),
                               bound=x.bound * 2, grid=None if x.grid is None else x.grid + 2, atom=False)),
      ("offset", lambda: x.like("%s + %s" % (x.a(), fmt_float(self.pick([1.0, -0.5, 0.75]))),
                                bound=x.bound + 1, grid=None if x.grid is None else max(x.grid, 2), atom=False)),
    ]
    if x.dtype == "float16":
      choices = [c for c in choices if c[0] not in ("exp", "exp2", "square", "pow", "softplus")]
    name, make = self.pick(choices)
    return make()

  def op_binary(self, x):
    if x.dtype == "bool":
      y = self.operand_for(x, "bool")
      op = self.pick(["&", "|", "^"])
      return Val("%s %s %s" % (x.a(), op, y.a()), broadcast(x.shape, y.shape), "bool", 1, 0, atom=False)
    if x.dtype == "int32":
      y = self.operand_for(x, "int32")
      shape = broadcast(x.shape, y.shape)
      ops = ["+", "-", "max", "min"]
      if x.bound * y.bound < 2 ** 20:
        ops.append("*")
      op = self.pick(ops)
      if op in ("+", "-"):
        return Val("%s %s %s" % (x.a(), op, y.a()), shape, "int32", x.bound + y.bound, 0, atom=False)
      if op == "*":
        return Val("%s * %s" % (x.a(), y.a()), shape, "int32", x.bound * y.bound, 0, atom=False)
      fn = "maximum" if op == "max" else "minimum"
      return Val("%s.%s(%s)" % (x.a(), fn, y.text), shape, "int32", max(x.bound, y.bound), 0)
    y = None
    if self.chance(0.15):
      # mixed dtypes: the result is promoted
      y = self.pick_val(lambda v: v.dtype != x.dtype and broadcast(v.shape, x.shape) == x.shape)
    y = y or self.operand_for(x)
    shape = broadcast(x.shape, y.shape)
    dtype = promote(x.dtype, y.dtype)
    ops = ["+", "-", "*", "*", "/", "maximum", "minimum"]
    if not is_float(y.dtype):
      ops = ["+", "-", "*"] if y.dtype == "int32" else ["*"]
    op = self.pick(ops)
    g = None if x.grid is None or y.grid is None else max(x.grid, y.grid)
    if op in ("+", "-"):
      return Val("%s %s %s" % (x.a(), op, y.a()), shape, dtype, x.bound + y.bound, g, atom=False)
    if op == "*":
      tx, ty = self.tame(x, 16), self.tame(y, 16)
      g = None if tx.grid is None or ty.grid is None else tx.grid + ty.grid
      return Val("%s * %s" % (tx.a(), ty.a()), shape, dtype, tx.bound * ty.bound, g, atom=False)
    if op == "/":
      if y.shape == ():
        return Val("%s / %s" % (x.a(), fmt_float(self.pick([2.0, 3.0, 0.5, 7.0]))), shape, dtype, x.bound * 2, None, atom=False)
      return Val("%s / (%s.abs() + 1)" % (x.a(), y.a()), shape, dtype, x.bound, None, atom=False)
    if y.shape == ():
      return Val("%s.%s(%s)" % (x.a(), op, y.text), shape, dtype, max(x.bound, y.bound), g)
    return Val("%s.%s(%s)" % (x.a(), op, y.a()), shape, dtype, max(x.bound, y.bound), g)

  def op_compare(self, x):
    """A comparison of an exact value: a bool tensor."""
    if not x.exact or x.dtype == "bool":
      return None
    op = self.pick(["<", "<=", ">", ">=", "==", "!="])
    if self.chance(0.5):
      y = self.pick_val(lambda v: v.exact and v.dtype == x.dtype and broadcast(v.shape, x.shape) is not None
                        and prod(broadcast(v.shape, x.shape)) <= MAX_ELEMENTS)
      if y is not None:
        return Val("%s %s %s" % (x.a(), op, y.a()), broadcast(x.shape, y.shape), "bool", 1, 0, atom=False)
    c = 0 if x.bound < 1 else self.rng.randint(-int(min(x.bound, 5)), int(min(x.bound, 5)))
    if is_float(x.dtype):
      c = fmt_float(c * 0.5)
    return Val("%s %s %s" % (x.a(), op, c), x.shape, "bool", 1, 0, atom=False)

  def op_where(self, x):
    if x.dtype == "bool":
      return None
    cond = self.pick_val(lambda v: v.dtype == "bool" and broadcast(v.shape, x.shape) == x.shape)
    if cond is None:
      cond = self.input_var(tuple(d if self.chance(0.7) else 1 for d in x.shape), "bool")
    y = self.operand_for(x)
    shape = broadcast(x.shape, y.shape)
    dtype = promote(x.dtype, y.dtype)
    g = None if x.grid is None or y.grid is None else max(x.grid, y.grid)
    return Val("%s.where(%s, %s)" % (cond.a(), x.text, y.text), shape, dtype, max(x.bound, y.bound), g)

  def op_int(self, x):
    """Integer-only operations."""
    if x.dtype != "int32":
      return None
    c = self.rng.randint(2, 7) * (-1 if self.chance(0.2) else 1)
    op = self.pick(["//", "%", "&", "|", "^", "<<", ">>", "neg", "abs", "narrow"])
    if op == "narrow":
      # through a narrower or wider int type and back: wraps like C
      to = self.pick(["int8", "uint8", "int16", "int64", "uint32"])
      bits = {"int8": 8, "uint8": 8, "int16": 16, "int64": 64, "uint32": 32}[to]
      return x.like("%s.cast(dtypes.%s).cast(dtypes.int32)" % (x.a(), to), bound=max(x.bound, 2 ** min(bits, 31)))
    if op == "neg":
      return x.like("-" + x.a(), atom=False)
    if op == "abs":
      return x.like(x.a() + ".abs()")
    if op == "<<":
      if x.bound > 2 ** 20:
        return None
      return x.like("%s << 1" % x.a(), bound=x.bound * 2, atom=False)
    if op == ">>":
      return x.like("%s >> 1" % x.a(), atom=False)
    if op in ("&", "|", "^"):
      return x.like("%s %s %d" % (x.a(), op, abs(c)), bound=max(x.bound, 8) * 2, atom=False)
    return x.like("%s %s %d" % (x.a(), op, c), bound=x.bound if op == "//" else abs(c), atom=False)

  def op_cast(self, x):
    if x.dtype == "bool":
      to = self.pick(["float", "int"])
      return x.like("%s.%s()" % (x.a(), to), dtype="float32" if to == "float" else "int32")
    if x.dtype == "int32":
      if self.chance(0.2) and self.allow_half and x.bound < 1000:
        return x.like(x.a() + ".half()", dtype="float16")
      return x.like(x.a() + ".float()", dtype="float32")
    if x.dtype == "float16":
      return x.like(x.a() + ".float()", dtype="float32")
    if x.exact and x.bound < 2 ** 20:
      return x.like(x.a() + ".cast(dtypes.int32)", dtype="int32", grid=0)
    if self.allow_half and x.bound < 1000 and self.chance(0.5):
      return x.like(x.a() + ".half()", dtype="float16", grid=x.grid if x.exact else None)
    return None

  # movement
  def op_reshape(self, x):
    n = prod(x.shape)
    rank = self.rng.randint(1, 4)
    shape = self.factorize(n, rank)
    dims = list(shape)
    if len(dims) > 1 and self.chance(0.3):
      dims[self.rng.randrange(len(dims))] = -1
    if self.chance(0.2):
      return x.like("%s.reshape((%s,))" % (x.a(), ", ".join(map(str, dims))), shape=shape)
    return x.like("%s.reshape(%s)" % (x.a(), ", ".join(map(str, dims))), shape=shape)

  def op_permute(self, x):
    r = len(x.shape)
    if r < 2:
      return None
    if r == 2 and self.chance(0.4):
      return x.like(x.a() + ".T", shape=x.shape[::-1])
    if self.chance(0.3):
      i, j = self.rng.sample(range(r), 2)
      s = list(x.shape)
      s[i], s[j] = s[j], s[i]
      return x.like("%s.transpose(%d, %d)" % (x.a(), i, j), shape=s)
    order = list(range(r))
    self.rng.shuffle(order)
    return x.like("%s.permute(%s)" % (x.a(), ", ".join(map(str, order))), shape=[x.shape[i] for i in order])

  def op_expand(self, x):
    ones = [i for i, d in enumerate(x.shape) if d == 1]
    shape = list(x.shape)
    new_front = []
    if self.chance(0.4) and len(shape) < 4:
      new_front = [self.pick([2, 3, 4])]
    for i in ones:
      if self.chance(0.7):
        shape[i] = self.pick([2, 3, 4, 5])
    shape = new_front + shape
    if tuple(shape) == x.shape or prod(shape) > MAX_ELEMENTS:
      return None
    args = ", ".join(str(d) if (i < len(new_front) or d != x.shape[i - len(new_front)] or self.chance(0.5)) else "-1"
                     for i, d in enumerate(shape))
    return x.like("%s.expand(%s)" % (x.a(), args), shape=shape)

  def op_pad(self, x):
    if not x.shape:
      return None
    pads = []
    shape = []
    for d in x.shape:
      if self.chance(0.5):
        p = (self.rng.randint(0, 2), self.rng.randint(0, 2))
      else:
        p = (0, 0)
      pads.append(p)
      shape.append(d + p[0] + p[1])
    if prod(shape) > MAX_ELEMENTS:
      return None
    text = ", ".join("(%d, %d)" % p if p != (0, 0) or self.chance(0.5) else "None" for p in pads)
    if len(pads) == 1:
      text += ","
    bound = max(x.bound, 0)
    if self.chance(0.3) and is_float(x.dtype):
      v = self.pick([1.0, -2.0, 0.5])
      return x.like("%s.pad((%s), value=%s)" % (x.a(), text, fmt_float(v)), shape=shape, bound=max(bound, 2),
                    grid=None if x.grid is None else max(x.grid, 1))
    return x.like("%s.pad((%s))" % (x.a(), text), shape=shape, bound=bound)

  def op_shrink(self, x):
    if not x.shape or all(d == 1 for d in x.shape):
      return None
    args, shape = [], []
    for d in x.shape:
      lo = self.rng.randint(0, d - 1) if self.chance(0.5) else 0
      hi = self.rng.randint(lo + 1, d)
      args.append("(%d, %d)" % (lo, hi) if (lo, hi) != (0, d) or self.chance(0.3) else "None")
      shape.append(hi - lo)
    text = ", ".join(args) + ("," if len(args) == 1 else "")
    return x.like("%s.shrink((%s))" % (x.a(), text), shape=shape)

  def op_slice(self, x):
    """Python subscripts: slices with steps, negative ends, ints, None, ..."""
    if not x.shape:
      return None
    parts, shape = [], []
    dims = list(x.shape)
    use_ellipsis = len(dims) > 1 and self.chance(0.2)
    if use_ellipsis:
      parts.append("...")
      shape_tail = []
      d = dims[-1]
      part, out = self.slice_part(d)
      parts.append(part)
      if out is not None:
        shape_tail.append(out)
      shape = dims[:-1] + shape_tail
    else:
      for d in dims[: self.rng.randint(1, len(dims))]:
        if self.chance(0.15):
          parts.append("None")
          shape.append(1)
        part, out = self.slice_part(d)
        parts.append(part)
        if out is not None:
          shape.append(out)
      shape += dims[len([p for p in parts if p != "None"]):]
    return x.like("%s[%s]" % (x.a(), ", ".join(parts)), shape=shape)

  def slice_part(self, d):
    """One subscript part for a dimension of size d and the size it leaves (None: dropped)."""
    r = self.rng.random()
    if r < 0.2:
      i = self.rng.randrange(d)
      if self.chance(0.5):
        i -= d
      return str(i), None
    step = self.pick([1, 1, 1, 2, 3, -1, -2])
    start = self.rng.randint(-d, d - 1) if self.chance(0.5) else None
    stop = self.rng.randint(-d, d) if self.chance(0.4) else None
    size = len(range(d)[slice(start, stop, step)])
    if size == 0 and not self.chance(0.2):   # sometimes an empty tensor
      start, stop = None, None
      size = len(range(d)[slice(None, None, step)])
    text = "%s:%s" % ("" if start is None else start, "" if stop is None else stop)
    if step != 1:
      text += ":%d" % step
    return text, size

  def op_flip(self, x):
    if not x.shape:
      return None
    axes = sorted(self.rng.sample(range(len(x.shape)), self.rng.randint(1, len(x.shape))))
    if len(axes) == 1 and self.chance(0.5):
      return x.like("%s.flip(%d)" % (x.a(), axes[0] - (len(x.shape) if self.chance(0.3) else 0)))
    return x.like("%s.flip((%s,))" % (x.a(), ", ".join(map(str, axes))))

  def op_cat(self, x):
    if not x.shape:
      return None
    d = self.rng.randrange(len(x.shape))
    shape = list(x.shape)
    shape[d] = self.pick([1, 2, 3])
    if self.chance(0.5):
      y = self.pick_val(lambda v: v.dtype == x.dtype and v is not x and len(v.shape) == len(x.shape)
                        and all(a == b for i, (a, b) in enumerate(zip(v.shape, x.shape)) if i != d))
    else:
      y = None
    if y is None:
      y = self.input_var(tuple(shape), x.dtype if x.dtype != "float16" else "float32")
      if x.dtype == "float16":
        y = y.like(y.a() + ".half()", dtype="float16")
    out = list(x.shape)
    out[d] += y.shape[d]
    if prod(out) > MAX_ELEMENTS:
      return None
    g = None if x.grid is None or y.grid is None else max(x.grid, y.grid)
    if self.chance(0.5):
      return Val("%s.cat(%s, dim=%d)" % (x.a(), y.text, d), out, x.dtype, max(x.bound, y.bound), g)
    return Val("Tensor.cat(%s, %s, dim=%d)" % (x.text, y.text, d), out, x.dtype, max(x.bound, y.bound), g)

  def op_stack(self, x):
    y = self.pick_val(lambda v: v.dtype == x.dtype and v is not x and v.shape == x.shape)
    if y is None or 2 * prod(x.shape) > MAX_ELEMENTS:
      return None
    d = self.rng.randint(0, len(x.shape))
    shape = list(x.shape)
    shape.insert(d, 2)
    g = None if x.grid is None or y.grid is None else max(x.grid, y.grid)
    return Val("Tensor.stack(%s, %s, dim=%d)" % (x.text, y.text, d), shape, x.dtype, max(x.bound, y.bound), g)

  def op_squeeze(self, x):
    ones = [i for i, d in enumerate(x.shape) if d == 1]
    if ones and self.chance(0.5):
      i = self.pick(ones)
      return x.like("%s.squeeze(%d)" % (x.a(), i), shape=x.shape[:i] + x.shape[i + 1:])
    if len(x.shape) >= 4:
      return None
    i = self.rng.randint(0, len(x.shape))
    return x.like("%s.unsqueeze(%d)" % (x.a(), i), shape=x.shape[:i] + (1,) + x.shape[i:])

  def op_flatten(self, x):
    if len(x.shape) < 2:
      return None
    s = self.rng.randrange(len(x.shape) - 1)
    shape = x.shape[:s] + (prod(x.shape[s:]),)
    return x.like("%s.flatten(%d)" % (x.a(), s), shape=shape)

  def op_repeat(self, x):
    if not x.shape:
      return None
    reps = [self.pick([1, 1, 2, 3]) for _ in x.shape]
    shape = [d * r for d, r in zip(x.shape, reps)]
    if prod(shape) > MAX_ELEMENTS or shape == list(x.shape):
      return None
    return x.like("%s.repeat(%s)" % (x.a(), ", ".join(map(str, reps))), shape=shape)

  # reductions
  def reduce_axes(self, x):
    """(axis text for a keyword, reduced axes, keepdim) or None for a full reduction."""
    r = len(x.shape)
    if r == 0 or self.chance(0.2):
      return None, list(range(r)), False
    k = self.rng.randint(1, r)
    axes = sorted(self.rng.sample(range(r), k))
    keepdim = self.chance(0.4)
    neg = self.chance(0.3)
    names = [str(a - r if neg else a) for a in axes]
    text = names[0] if len(axes) == 1 else "(%s,)" % ", ".join(names)
    return text, axes, keepdim

  def reduced_shape(self, shape, axes, keepdim):
    if keepdim:
      return [1 if i in axes else d for i, d in enumerate(shape)]
    return [d for i, d in enumerate(shape) if i not in axes]

  def op_reduce(self, x):
    text, axes, keepdim = self.reduce_axes(x)
    count = prod([x.shape[i] for i in axes])
    ops = ["sum", "max", "min", "mean"] if x.dtype != "bool" else ["any", "all", "sum"]
    if x.dtype == "float16":
      ops = ["sum", "max", "min"]
    op = self.pick(ops)
    args = []
    if text is not None:
      args.append(("axis=%s" % text) if self.chance(0.6) else text)
    if keepdim:
      args.append("keepdim=True")
    call = "%s.%s(%s)" % (x.a(), op, ", ".join(args))
    shape = self.reduced_shape(x.shape, axes, keepdim)
    if op in ("any", "all"):
      return Val(call, shape, "bool", 1, 0)
    if op == "sum":
      dtype = "int32" if x.dtype == "bool" else x.dtype
      if x.dtype == "float16" and x.bound * count > 1000:
        return None
      return Val(call, shape, dtype, x.bound * count, x.grid if x.dtype != "bool" else 0)
    if op == "mean":
      dtype = "float32" if x.dtype == "int32" else x.dtype
      return Val(call, shape, dtype, x.bound, None)
    return Val(call, shape, x.dtype, x.bound, x.grid)

  def op_var(self, x):
    if not is_float(x.dtype) or x.dtype == "float16":
      return None
    text, axes, keepdim = self.reduce_axes(x)
    if prod([x.shape[i] for i in axes]) < 2:
      return None
    op = "var" if self.grad_mode else self.pick(["var", "std"])
    args = ([("axis=%s" % text)] if text is not None else []) + (["keepdim=True"] if keepdim else [])
    t = self.tame(x)
    return Val("%s.%s(%s)" % (t.a(), op, ", ".join(args)), self.reduced_shape(x.shape, axes, keepdim),
               x.dtype, t.bound ** 2 * 2 + 1, None)

  def op_cumsum(self, x):
    if not x.shape or x.dtype not in ("float32", "int32") or x.shape[-1] > 64:
      return None
    r = len(x.shape)
    axis = self.rng.randrange(r)
    n = x.shape[axis]
    if n > 64:
      return None
    text = str(axis) if self.chance(0.5) else "axis=%d" % (axis - r)
    return x.like("%s.cumsum(%s)" % (x.a(), text), bound=x.bound * n)

  def op_argmax(self, x):
    if not x.exact or x.dtype == "bool" or not x.shape:
      return None
    r = len(x.shape)
    axis = self.rng.randrange(r)
    keepdim = self.chance(0.3)
    op = self.pick(["argmax", "argmin"])
    call = "%s.%s(axis=%d%s)" % (x.a(), op, axis, ", keepdim=True" if keepdim else "")
    return Val(call, self.reduced_shape(x.shape, [axis], keepdim), "int32", x.shape[axis], 0)

  def op_contiguous(self, x):
    if self.chance(0.5):
      return x.like(x.a() + ".contiguous()")
    name = self.fresh("c")
    self.emit("%s = %s.realize()" % (name, x.a()))
    self.defs[name] = x.text
    return x.like(name)

  def op_item(self, x):
    """A Python float read back from a realized tensor, used in the next operation."""
    if x.dtype != "float32" or (x.shape and prod(x.shape) == 0):
      return None
    name = self.fresh("s")
    self.emit("%s = %s.mean().tanh().item()" % (name, x.a()))
    self.defs[name] = x.text
    op = self.pick(["*", "+", "-"])
    return x.like("%s %s %s" % (x.a(), op, name), bound=x.bound + 1, grid=None, atom=False)

  def op_self_matmul(self, x):
    """x.T @ x or x @ x.T: both operands read the same buffer."""
    if x.dtype != "float32" or len(x.shape) != 2:
      return None
    n, k = x.shape
    t = self.tame(x, 4)
    if self.chance(0.5):
      if n * n * k > MATMUL_WORK:
        return None
      return x.like("%s @ %s.T" % (t.a(), t.a()), shape=(n, n), bound=t.bound ** 2 * k, grid=None, atom=False)
    if n * k * k > MATMUL_WORK:
      return None
    return x.like("%s.T @ %s" % (t.a(), t.a()), shape=(k, k), bound=t.bound ** 2 * n, grid=None, atom=False)

  def index_tensor(self, d, n):
    """An int32 tensor of n indices into a dimension of size d (negative ones included)."""
    if self.no_literals or self.chance(0.5):
      k = self.pick([1, 2, 3])
      return "(Tensor.arange(%d) * %d %% %d)" % (n, k, d)
    return "Tensor([%s])" % ", ".join(str(self.rng.randint(-d, d - 1)) for _ in range(n))

  def op_tensor_index(self, x):
    """x[idx] with an int tensor on one axis."""
    if not x.shape:
      return None
    axis = self.rng.randrange(len(x.shape))
    n = self.pick([1, 2, 3, 5])
    idx = self.index_tensor(x.shape[axis], n)
    parts = [":"] * axis + [idx]
    shape = x.shape[:axis] + (n,) + x.shape[axis + 1:]
    if prod(shape) > MAX_ELEMENTS:
      return None
    return x.like("%s[%s]" % (x.a(), ", ".join(parts)), shape=shape)

  def op_gather(self, x):
    if not x.shape:
      return None
    axis = self.rng.randrange(len(x.shape))
    d = x.shape[axis]
    shape = list(x.shape)
    shape[axis] = self.pick([1, 2, 3])
    n = prod(shape)
    k = self.pick([1, 2, 5])
    dims = ", ".join(map(str, shape))
    idx = "(Tensor.arange(%d).reshape(%s) * %d %% %d)" % (n, dims, k, d)
    return x.like("%s.gather(%d, %s)" % (x.a(), axis, idx), shape=shape)

  def op_misc(self, x):
    """Less common ops: one_hot, tril/triu, roll, cummax, sort, pooling, conv2d."""
    r = len(x.shape)
    choice = self.pick(["one_hot", "tri", "roll", "cummax", "sort", "pool", "conv"])
    if choice == "one_hot" and x.dtype == "int32" and r <= 2 and prod(x.shape) * 5 <= MAX_ELEMENTS:
      return Val("(%s.abs() %% 5).one_hot(5)" % x.a(), x.shape + (5,), "int32", 1, 0)
    if choice == "tri" and r >= 2:
      return x.like("%s.%s(%d)" % (x.a(), self.pick(["tril", "triu"]), self.rng.randint(-1, 1)),
                    bound=max(x.bound, 0))
    if choice == "roll" and r >= 1:
      axis = self.rng.randrange(r)
      return x.like("%s.roll(%d, %d)" % (x.a(), self.rng.randint(-3, 3), axis))
    if choice == "cummax" and r >= 1 and x.dtype == "float32" and x.shape[-1] <= 64:
      return x.like("%s.cummax(%d)[0]" % (x.a(), r - 1))
    if choice == "sort" and r >= 1 and x.exact and x.dtype in ("float32", "int32") and x.shape[-1] <= 32:
      return x.like("%s.sort(%s)[0]" % (x.a(), "descending=True" if self.chance(0.5) else ""))
    if choice == "pool" and r >= 3 and x.dtype == "float32" and min(x.shape[-2:]) >= 2:
      op = self.pick(["max_pool2d", "avg_pool2d"])
      k = self.pick([2, (2, 1), (1, 2)])
      kk = k if isinstance(k, tuple) else (k, k)
      shape = x.shape[:-2] + tuple((d - a) // a + 1 for d, a in zip(x.shape[-2:], kk))
      return x.like("%s.%s(kernel_size=%s)" % (x.a(), op, k), shape=shape, grid=None if op == "avg_pool2d" else x.grid)
    if choice == "conv" and r == 4 and x.dtype == "float32" and min(x.shape[-2:]) >= 2 and x.shape[1] <= 8:
      cin = x.shape[1]
      cout = self.pick([1, 2, 3])
      kh, kw = self.pick([(1, 1), (2, 2), (2, 1), (1, 2)])
      pad = self.pick([0, 1])
      oh, ow = x.shape[2] + 2 * pad - kh + 1, x.shape[3] + 2 * pad - kw + 1
      shape = (x.shape[0], cout, oh, ow)
      if prod(shape) * cin * kh * kw > MATMUL_WORK:
        return None
      w = self.input_var((cout, cin, kh, kw))
      t = self.tame(x, 4)
      w = self.tame(w, 2)
      return x.like("%s.conv2d(%s, padding=%d)" % (t.a(), w.text, pad), shape=shape,
                    bound=t.bound * w.bound * cin * kh * kw, grid=None)
    return None

  # matmul
  def op_matmul(self, x):
    if x.dtype not in ("float32", "float16") or not x.shape:
      return None
    k = x.shape[-1]
    lead = prod(x.shape[:-1])
    m = self.pick([1, 2, 3, 4, 5, 7, 8, 16])
    if lead * k * m > MATMUL_WORK or lead * m > MAX_ELEMENTS or k * m > MAX_ELEMENTS:
      return None
    chain = 1 if not self.chance(0.3) else self.rng.randint(2, 3)
    t = self.tame(x, 4)
    text = t.a()
    shape = list(x.shape)
    bound = t.bound
    grid = t.grid
    for _ in range(chain):
      kk = shape[-1]
      if len(shape) >= 2 and self.chance(0.15) and kk <= 64:
        # a vector right operand contracts the last axis away
        w = self.input_var((kk,), "float32")
        shape = shape[:-1]
      else:
        w_shape = (kk, m)
        if len(shape) >= 3 and self.chance(0.3):
          w_shape = (shape[-3], kk, m)
        w = self.input_var(w_shape, "float32")
        shape = list(broadcast(tuple(shape[:-2]), w_shape[:-2]) or ()) + ([shape[-2]] if len(shape) >= 2 else []) + [m]
      if x.dtype == "float16":
        w = w.like(w.a() + ".half()", dtype="float16")
      w = self.tame(w, 2)
      form = self.pick(["@", "@", "matmul", "dot"])
      text = "%s @ %s" % (text, w.a()) if form == "@" else "%s.%s(%s)" % (text, form, w.text)
      if form == "@":
        text = "(" + text + ")"
      bound = bound * w.bound * kk
      grid = None if grid is None or w.grid is None else grid + w.grid
      m = self.pick([1, 2, 3, 4, 5, 8])
      if not shape or prod(shape) * m > MATMUL_WORK or shape[-1] * m > MAX_ELEMENTS:
        break
    if x.dtype == "float16" and bound > 1000:
      return None
    return Val(text, shape, x.dtype, bound, grid)

  # row ops
  def op_rowop(self, x):
    if x.dtype != "float32" or not x.shape:
      return None
    r = len(x.shape)
    axis = self.pick([-1, r - 1, 0]) if r > 1 else self.pick([-1, 0])
    t = self.tame(x, 30)
    op = self.pick(["softmax", "log_softmax", "logsumexp", "layernorm", "manual_softmax", "manual_norm"])
    if op == "softmax":
      return x.like("%s.softmax(%s)" % (t.a(), "" if axis == -1 and self.chance(0.5) else "axis=%d" % axis), bound=1, grid=None)
    if op == "log_softmax":
      return x.like("%s.log_softmax(axis=%d)" % (t.a(), axis), bound=2 * t.bound + 10, grid=None)
    if op == "logsumexp":
      shape = [d for i, d in enumerate(x.shape) if i != axis % r]
      return x.like("%s.logsumexp(axis=%d)" % (t.a(), axis), shape=shape, bound=t.bound + 10, grid=None)
    if op == "layernorm":
      if x.shape[-1] < 2:
        return None
      return x.like("%s.layernorm()" % t.a(), bound=math.sqrt(x.shape[-1]) + 1, grid=None)
    name = self.fresh("r")
    if op == "manual_softmax":
      self.emit("%s = (%s - %s.max(axis=%d, keepdim=True)).exp()" % (name, t.a(), t.a(), axis))
      return x.like("%s / %s.sum(axis=%d, keepdim=True)" % (name, name, axis), bound=1, grid=None, atom=False)
    if x.shape[axis] < 2:
      return None
    self.emit("%s = %s - %s.mean(axis=%d, keepdim=True)" % (name, t.a(), t.a(), axis))
    return x.like("%s / (%s * %s).mean(axis=%d, keepdim=True).add(1e-5).sqrt()" % (name, name, name, axis),
                  bound=math.sqrt(x.shape[axis]) + 1, grid=None, atom=False)

  # ---------------------------------------------------------------- statements
  FORWARD_OPS = [
    ("unary", 6), ("binary", 6), ("reshape", 3), ("permute", 3), ("expand", 2), ("pad", 2), ("shrink", 2),
    ("slice", 3), ("flip", 2), ("cat", 1), ("stack", 1), ("squeeze", 1), ("flatten", 1), ("repeat", 1),
    ("reduce", 4), ("var", 1), ("cumsum", 1), ("matmul", 3), ("rowop", 2), ("where", 2), ("compare", 2),
    ("int", 2), ("cast", 2), ("argmax", 1), ("contiguous", 1), ("self_matmul", 1),
    ("tensor_index", 1), ("gather", 1), ("misc", 2), ("item", 1),
  ]
  GRAD_OPS = {"unary", "binary", "reshape", "permute", "expand", "pad", "shrink", "slice", "flip", "cat",
              "stack", "squeeze", "flatten", "repeat", "reduce", "var", "matmul", "rowop", "where", "cumsum",
              "self_matmul", "tensor_index", "gather"}

  def random_op(self, x, allowed=None):
    ops = [(n, w) for n, w in self.FORWARD_OPS if allowed is None or n in allowed]
    if x.shape and prod(x.shape) == 0:
      # an empty tensor: elementwise ops, or a sum to zeros
      if is_float(x.dtype) and self.chance(0.5):
        return self.op_unary(x)
      axis = self.rng.randrange(len(x.shape))
      dtype = "int32" if x.dtype == "bool" else x.dtype
      return Val("%s.sum(%d)" % (x.a(), axis), x.shape[:axis] + x.shape[axis + 1:], dtype, 0, 0)
    for _ in range(20):
      name = self.rng.choices([n for n, _ in ops], [w for _, w in ops])[0]
      val = getattr(self, "op_" + name)(x)
      if val is None:
        continue
      if not val.shape or prod(val.shape) <= MAX_ELEMENTS:
        if val.bound > 1e4 and is_float(val.dtype):
          val = self.tame(val.like(val.a() + ".tanh()", bound=1, grid=None, atom=True))
        if val.dtype == "float32" and val.grid is not None and not val.exact:
          val.grid = None
        return val
    return None

  def body(self, steps, allowed=None, seeds=None):
    """steps statements of random operations on the pool (or on seeds first)."""
    last = None
    for _ in range(steps):
      if seeds and self.chance(0.5):
        x = self.pick(seeds)
      else:
        x = self.pick_val(lambda v: allowed is None or v.dtype in ("float32", "float16"))
      if x is None:
        break
      val = self.random_op(x, allowed)
      if val is None:
        continue
      # sometimes nest more operations in the same statement
      for _ in range(2):
        if not self.chance(0.4):
          break
        inner = self.random_op(val, allowed)
        if inner is None:
          break
        val = inner
      last = self.assign(val)
    return last

  def header(self, extra=()):
    names = ["Tensor", "dtypes"] + list(extra)
    self.emit("from tinygrad import %s" % ", ".join(names))
    self.emit("")

  def forward_program(self):
    self.header()
    for _ in range(self.rng.randint(1, 3)):
      dtype = self.rng.choices(["float32", "int32", "bool", "float16"], [8, 2, 1, 1 if self.allow_half else 0])[0]
      self.input_var(self.random_shape(), dtype)
    self.body(self.rng.randint(3, 12))
    self.outputs()

  def loop_program(self):
    """A for loop (unrolled at load) around an update of one tensor."""
    self.header()
    x = self.input_var(self.random_shape(max_rank=3), "float32")
    w = self.input_var(x.shape[-1:], "float32")
    name = self.fresh("acc")
    self.emit("%s = %s" % (name, x.text))
    n = self.rng.randint(2, 4)
    self.emit("for i in range(%d):" % n)
    step = self.pick(["%s = (%s * %s + i * 0.5).tanh()", "%s = %s + (%s * (i + 1)).sin() * 0.25",
                      "%s = (%s.tanh() - %s.tanh().max()).exp() * 0.5"])
    if step.count("%s") == 3:
      self.emit("  " + step % (name, name, w.text))
    else:
      self.emit("  " + step % (name, name, name))
    self.pool.append(Val(name, x.shape, "float32", 4, None))
    self.body(self.rng.randint(2, 5))
    self.outputs()

  def depends_on(self, text):
    """The names an expression reads, directly or through earlier assignments."""
    seen, todo = set(), re.findall(r"[A-Za-z_]\w*", text)
    while todo:
      name = todo.pop()
      if name in seen:
        continue
      seen.add(name)
      if name in self.defs:
        todo += re.findall(r"[A-Za-z_]\w*", self.defs[name])
    return seen

  def grad_program(self):
    self.grad_mode = True
    self.allow_half = False
    self.header()
    leaves = [self.input_var(self.random_shape(max_rank=3, max_elements=64), "float32")
              for _ in range(self.rng.randint(1, 3))]
    last = self.body(self.rng.randint(2, 7), self.GRAD_OPS, leaves) or leaves[-1]
    terms = ["%s.sum()" % last.a() if last.shape else last.text]
    if self.chance(0.3) and last.shape:
      terms = ["(%s * %s).mean()" % (last.a(), last.a())]
    reached = self.depends_on(last.text)
    for leaf in leaves:
      if leaf.text not in reached or self.chance(0.3):
        terms.append("(%s * %s).sum() * 0.5" % (leaf.a(), leaf.a()))
    self.emit("loss = %s" % " + ".join(terms))
    self.emit("loss.backward()")
    self.emit("out = [loss, %s]" % ", ".join(leaf.text + ".grad" for leaf in leaves))

  def function_program(self):
    self.header(["function"])
    nparams = self.rng.randint(1, 2)
    shapes = [self.random_shape(max_rank=3) for _ in range(nparams)]
    if nparams == 2 and self.chance(0.6):
      shapes[1] = shapes[0]
    fname = self.fresh("f")
    decorated = self.chance(0.8)
    params = ["p%d" % i for i in range(nparams)]
    if decorated:
      self.emit("@function")
    self.emit("def %s(%s):" % (fname, ", ".join(params)))
    outer_pool, self.pool = self.pool, [Val(p, s, "float32", 2, None) for p, s in zip(params, shapes)]
    self.indent = "  "
    self.no_literals = decorated
    allowed = self.GRAD_OPS - {"matmul"} if self.chance(0.5) else self.GRAD_OPS
    last = self.body(self.rng.randint(1, 5), allowed, list(self.pool)) or self.pool[0]
    if last.dtype != "float32":
      last = last.like(last.a() + ".float()", dtype="float32")
    self.emit("return %s" % last.text)
    self.indent = ""
    self.no_literals = False
    self.pool = outer_pool
    self.emit("")
    results = []
    for _ in range(self.rng.randint(1, 2)):
      args = []
      for s in shapes:
        same = self.pick_val(lambda v: v.shape == s and v.dtype == "float32")
        args.append(same if same is not None and self.chance(0.5) else self.input_var(s))
      call = Val("%s(%s)" % (fname, ", ".join(a.text for a in args)), last.shape, "float32", max(last.bound, 1), None)
      results.append(self.assign(call, "y"))
    if self.chance(0.5):
      self.body(self.rng.randint(1, 3), None, results)
    self.outputs()

  def outputs(self):
    """The last value and up to three values nothing else reads (so little is dead code)."""
    named = [v for v in self.pool if not v.text.startswith("x")] or self.pool
    later = "\n".join(self.defs.values())
    unread = [v for v in named[:-1] if not re.search(r"\b%s\b" % v.text, later)]
    outs = [named[-1]] + self.rng.sample(unread, min(len(unread), self.rng.randint(0, 3)))
    if self.chance(0.15):
      outs.append(self.pick(outs))            # the same tensor twice
    if self.chance(0.15):
      outs.append(self.pick(self.pool))       # an input or a view of it, maybe no kernel at all
    if self.chance(0.1):
      outs.append(Val(self.pick(["Tensor.ones(3)", "Tensor.zeros(2, 3)", "Tensor.full((2, 1), 7)",
                                 "Tensor.eye(3)", "Tensor(2.5)", "Tensor.arange(5)"]), (), "float32", 7, 0))
    if self.chance(0.15):
      # print()ed tensors are the outputs, in program order
      for v in outs:
        self.emit("print(%s)" % v.text)
    elif len(outs) == 1 and self.chance(0.5):
      self.emit("out = %s" % outs[0].text)
    else:
      self.emit("out = [%s]" % ", ".join(v.text for v in outs))

  def program(self):
    kind = self.rng.choices(["forward", "grad", "function", "loop"], [6, 2, 2, 1])[0]
    getattr(self, kind + "_program")()
    head = "# fuzz program, seed %d (%s)\n" % (self.seed, kind)
    if any("half()" in line for line in self.lines):
      # float16 values reach float32 outputs (casts, promotion) with float16 rounding errors:
      # one float16 ulp of a tanh differs between correct devices
      head += HALF_MARK + "\n"
    return head + "\n".join(self.lines) + "\n"


def generate(seed, allow_half=True):
  gen = Generator(seed)
  gen.allow_half = allow_half
  return gen.program()


def main():
  parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
  parser.add_argument("--seed", type=int, default=0)
  parser.add_argument("--count", type=int, default=1)
  parser.add_argument("--out", help="folder for prog_<seed>.py files (default: print to stdout)")
  parser.add_argument("--no-half", action="store_true", help="no float16 values")
  args = parser.parse_args()
  for seed in range(args.seed, args.seed + args.count):
    text = generate(seed, not args.no_half)
    if args.out:
      os.makedirs(args.out, exist_ok=True)
      with open(os.path.join(args.out, "prog_%d.py" % seed), "w") as f:
        f.write(text)
    else:
      sys.stdout.write(text)
      if args.count > 1:
        sys.stdout.write("\n")


if __name__ == "__main__":
  main()
