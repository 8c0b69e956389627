"""The op suite: one entry per case of tinygrad's test_ops.py, written as our own table.

An entry is (name, inputs, expression). Inputs are shapes (tuples: float32 values generated over
[low, high], default [-2, 2]), literal values (lists or numbers: Tensor(literal)) or source text.
The inputs are named x, y, z, w, v in order. The expression is Python source over them, or a list
of sources (several outputs, forward only). Entries made with op() also check the gradients of
their float inputs through out.sum().backward(); fwd() entries are forward only. Shapes are kept
small: the cases test values and edges, not sizes. Consecutive cases of one test share a program
(see _grouped); repeated names get _1, _2, ... suffixes.
"""
import math

INF, NAN = math.inf, math.nan
A = (9, 13)       # the usual 2-d operand
_E = []


def op(name, inputs, expr, grad=True, low=-2.0, high=2.0, pre=(), no_grad=()):
  _E.append(dict(name=name, inputs=list(inputs), expr=expr, grad=grad, low=low, high=high, pre=list(pre), no_grad=list(no_grad)))


def fwd(name, inputs, expr, **kw): op(name, inputs, expr, grad=False, **kw)


def T(v, dtype): return f"Tensor({v!r}, dtype=dtypes.{dtype})"


# ***** creation *****
def creation():
  fwd("full_like", [], ["Tensor.full_like(Tensor([[1,2,3],[4,5,6]], dtype=dtypes.float32), 4)",
                        "Tensor.full_like(Tensor([[1,2,3],[4,5,6]], dtype=dtypes.int32), 4)"])
  fwd("full", [], "Tensor.full((5,7), 4)")
  fwd("zeros", [], ["Tensor.zeros(5,7)", "Tensor.zeros([5,7])", "Tensor.zeros([])"])
  fwd("zeros_like", [], ["Tensor.zeros_like(Tensor([[1,2,3],[4,5,6]], dtype=dtypes.float32))",
                         "Tensor.zeros_like(Tensor([[1,2,3],[4,5,6]], dtype=dtypes.int32))"])
  fwd("empty_0", [], "Tensor.empty(5,7)*0/0")
  fwd("ones", [], ["Tensor.ones(5,7)", "Tensor.ones([5,7])", "Tensor.ones([])"])
  fwd("ones_like", [], ["Tensor.ones_like(Tensor([[1,2,3],[4,5,6]], dtype=dtypes.float32))",
                        "Tensor.ones_like(Tensor([[1,2,3],[4,5,6]], dtype=dtypes.int32))"])
  fwd("eye", [], ["Tensor.eye(10)", "Tensor.eye(3, 5)", "Tensor.eye(5, 3)", "Tensor.eye(1)", "Tensor.eye(0)"])
  for shape, sizes, kw in [((10,), 5, ""), ((10,), [1,4,5], ""), ((10,), 3, ""), ((3,4), 1, ""), ((3,4), 1, ", dim=1"),
                           ((4,4), [2,2], ""), ((4,4), [2,2], ", dim=1"), ((1000,), 250, "")]:
    fwd("split", [], f"list(Tensor.arange({math.prod(shape)}).reshape({shape}).split({sizes}{kw}))")
  for reps, n, d in [((8, 1), 6, 1), ((8, 1), 6, 0), ((8, 1), 3, -1), ((8, 3, 3), 3, -2)]:
    fwd("chunk", [], f"list(Tensor.arange(13).repeat({reps}).chunk({n}, {d}))")
  for shape, args in [((8,), "0, 2, 1"), ((8,), "0, 2, 2"), ((8,), "0, 7, 3"), ((3,3,3), "2, 2, 8"), ((3,3,3), "1, 0, 8"),
                      ((3,3,3,3,3), "-1, 2, 2")]:
    op("unfold", [shape], f"x.unfold({args})")
  xs, ys, zs = "Tensor([0.,1.,2.])", "Tensor([3.,4.,5.,6.])", "Tensor([7.,8.,9.])"
  for ix in ("ij", "xy"):
    fwd(f"meshgrid_{ix}", [], f"list({xs}.meshgrid(indexing={ix!r}))")
    fwd(f"meshgrid_{ix}", [], f"list({xs}.meshgrid({ys}, indexing={ix!r}))")
    fwd(f"meshgrid_{ix}", [], f"list({xs}.meshgrid(Tensor(10.), {ys}, {zs}, indexing={ix!r}))")
  fwd("arange_int", [], ["Tensor.arange(10)", "Tensor.arange(36)", "Tensor.arange(5, 10, 3)", "Tensor.arange(10, 5, -3)",
                         "Tensor.arange(11, 5, -3)", "Tensor.arange(1, 78, 2)"])
  fwd("arange_float", [], ["Tensor.arange(5.5, 175.5, 2.5)", "Tensor.arange(-30.2, -0.3, 0.75)", "Tensor.arange(-50.3, -380.2, -2.25)"])
  fwd("arange_int8", [], ["Tensor.arange(128, dtype=dtypes.int8)", "Tensor.arange(-128, 128, dtype=dtypes.int8)",
                          "Tensor.arange(127, -129, -1, dtype=dtypes.int8)"])
  fwd("arange_int64", [], "Tensor.arange(2**31, 2**31+3)")
  fwd("arange_big", [], "Tensor.arange(256)")
  fwd("arange_4096", [], "Tensor.arange(4096)")
  fwd("linspace_float", [], ["Tensor.linspace(5, 10, 3)", "Tensor.linspace(5, 10, 1)", "Tensor.linspace(5, 10, 0)",
                             "Tensor.linspace(5, 10, 30)", "Tensor.linspace(-5.5, 5.5, 10)", "Tensor.linspace(5.5, -5.5, 10)"])
  fwd("linspace_int", [], ["Tensor.linspace(5, 10, 3, dtype='int32')", "Tensor.linspace(5, 10, 20, dtype='int32')",
                           "Tensor.linspace(5, -5, 20, dtype='int32')"])


# ***** elementwise *****
def compare():
  for op_name, sym, reverse in [("eq", "==", False), ("gt", ">", True), ("ge", ">=", True), ("lt", "<", True), ("le", "<=", True)]:
    for kind, a, b in [("float", [0.,1,2], [2.,1,0]), ("int", [0,1,2], [2,1,0]), ("bool", [True,True,False], [False,True,False])]:
      fwd(f"cmp_{op_name}_{kind}", [a, b], f"x {sym} y")
    for sa, sb in [((3,4,5), (3,4,5)), ((3,4,5), (5,)), ((5,), (3,4,5))]:
      fwd(f"cmp_{op_name}_broadcast", [sa, sb], f"x {sym} y")
    fwd(f"cmp_{op_name}_const", [[0.,1,2], [2.,1,0]], [f"x {sym} 2"] + ([f"2 {sym} y"] if reverse else []))
    specials = [0.0, 1.0, -1.0, INF, -INF]
    fwd(f"cmp_{op_name}_special", [[a for a in specials for _ in specials], [b for _ in specials for b in specials]], f"x {sym} y")
  op("cmp_ne_backwards", [(4,)], "x*(x != 0)")
  op("cmp_lt_backwards", [(4,)], "x*(x < 0)")
  fwd("where_const", [], "Tensor([True, False]).where(1, 3).clone()")
  fwd("where_scalar", [(100,)], "(x > 0.5).where(4, 2).clone()")
  for shps in [[(8,),(1,),(1,)], [(10,10),(10,),(10,)], [(100,)]*3, [(10,10)]*3]:
    fwd("where", shps, "(x > 0.5).where(y, z)")
  fwd("where_permute", [(5,5)], "(x > 0.5).where(4, 2).clone().permute((1, 0))")
  fwd("inf_where", [], "(Tensor.full((3, 3), float('inf')) < 0).where(Tensor.full((3, 3), float('inf')), 1)")


def rounding():
  halves = [1.499, 1.5, 1.501, 1.0, 2.1, 0.0, -5.0, -2.499, -2.5, -2.501]
  for f in ("trunc", "floor", "ceil", "round"):
    fwd(f, [()], f"x.{f}()")
    fwd(f, [(7,9)], f"x.{f}()", low=-5, high=5)
    fwd(f, [halves + ([1e12, -1e12] if f == "trunc" else [])], f"x.{f}()")
  fwd("round", [[2.5, -1.5]], "x.round()")
  op("round_quantization_gradient", [[-1.2, -0.7, -0.2, 0.2, 0.7, 1.2]], "x + 0.125 * (x.round() - x)")
  specials = [-INF, 0., INF, NAN, 1.1]
  fwd("isinf", [specials], ["x.isinf()", "x.isinf(detect_positive=True, detect_negative=False)",
                            "x.isinf(detect_positive=False, detect_negative=True)"])
  fwd("isnan", [specials], "x.isnan()")
  fwd("isfinite", [specials], "x.isfinite()")
  op("lerp", [(7,5), (7,5), (7,5)], "x.lerp(y,z)")
  op("lerp", [[1.,2.,3.], [4.,5.,6.]], "x.lerp(y,0.5)")


def tri():
  for f in ("tril", "triu"):
    for shape, d in [((3,3), ""), ((3,3), 1), ((3,3), 2), ((3,3), -1), ((3,3), -2), ((4,5), 4), ((4,5), 5), ((4,5), 6),
                     ((4,5), -4), ((4,5), -5), ((4,5), -6), ((5,3,3), ""), ((5,0,3), ""), ((5,3,3), 1)]:
      op(f, [shape], f"x.{f}({d})")
    fwd(f, [[[True] * 3] * 3], f"x.{f}()")


def minmax():
  imax, imin = 2**31 - 1, -2**31
  for f in ("maximum", "minimum"):
    op(f, [A, A], f"x.{f}(y)")
    op(f, [(), ()], f"x.{f}(y)")
    op(f, [[1., 0., 3., -4.]], f"x.{f}(3.)")
    op(f, [[1., 0., 3., -4.], [-1., -2., 3., 0.]], f"x.{f}(y)")
    fwd(f"{f}_int", [[-1234, 0, 1234, imax, imin]], [f"x.{f}({imax})", f"x.{f}({imin})"])
    fwd(f"{f}_bool", [[True, False, False], [True, True, False]], [f"x.{f}(True)", f"x.{f}(y)"])
    fwd(f"{f}_mixed", [[1, 2, 3], [True, False, False]], [f"x.{f}(1.2)", f"y.{f}(1.2)", f"y.{f}(3)"])
  op("relu_maximum_exact", [[-1., 0, 1]], "Tensor.maximum(x, 0)")


def arith():
  fwd("tiny_add", [(3,), (3,)], "x.add(y)")
  fwd("tiny_mul", [(64,), (64,)], "x.mul(y)")
  op("add", [(5,8), (5,8)], "x.add(y)")
  fwd("add_weak", [], "Tensor(1)+0.5")
  op("add", [(5,8), (5,8)], "x+y")
  op("add", [(), ()], "x+y")
  op("add3", [A, A, A], "x+y+z")
  op("broadcasted_add", [A, (9,1)], "x+y")
  op("broadcasted_add", [A, ()], "x+y")
  op("broadcasted_add_row", [A, (13,)], "x+y")
  op("sub", [A, A], "x.sub(y)")
  op("sub", [A, A], "x-y")
  op("sub", [(), ()], "x-y")
  for s in (A, ()):
    op("scalar_sub", [s], "x-2")
    op("scalar_rsub", [s], "2-x")
  op("neg", [A], "-x")
  op("neg", [A], "x.neg()")
  op("neg", [()], "x.neg()")
  fwd("logical_not", [[True, False, True], [1., 2., 0., 0.5]], ["x.logical_not()", "y.logical_not()"])
  op("mul", [(8,8), (8,8)], "x.mul(y)")
  op("mul", [(8,8), (8,8)], "x*y")
  op("mul", [(), ()], "x*y")
  for s, e in [(A, "x*2"), (A, "x*-1"), (A, "255*x"), (A, "2*x"), ((), "x*2"), ((), "2*x")]:
    op("scalar_mul", [s], e)
  op("div", [A, A], "x.div(y)")
  op("div", [A, A], "x/y")
  op("div", [(), ()], "x/y")
  for s, e in [(A, "x/255"), (A, "x/1"), (A, "1/x"), (A, "x/2"), (A, "2/x"), ((), "x/2"), ((), "2/x")]:
    op("scalar_div", [s], e)
  num_i, num_f = [5, 6, 7, 0, -5, -6, -7], [5.0, 6, 7, 0, -5, -6, -7]
  for dens in ([-10, -5, -3, -2, -1, 1, 2, 3, 5, 10], [-10.0, -5.0, -3.0, -2.0, -1.0, 1.0, 2.0, 3.0, 5.0, 10.0]):
    kind = "float_den" if isinstance(dens[0], float) else "int_den"
    for num, nk in ((num_i, "int"), (num_f, "float")):
      exprs = [f"x.div(Tensor([{d!r}]), rounding_mode={m!r})" for d in dens for m in (None, "trunc", "floor")]
      fwd(f"div_rounding_mode_{nk}_{kind}", [num], exprs)
  exprs = []
  for n in (110, 111, -110, -111):
    for d in (55, -55):
      exprs += [f"Tensor([{n}]).div(Tensor([{d}]), rounding_mode={m!r})" for m in (None, "trunc", "floor")]
  fwd("div_rounding_mode_exact", [], exprs)
  fwd("div_int", [[5, 6, 7], [1, 2, 3], [3, 4, 5]], ["x.div(y)", "x//y", "z/2", "z//2"])
  fwd("div_int_trunc", [[-4, 7, 5, 4, -7, 8], [2, -3, 8, -2, 3, 5]], "x.div(y, rounding_mode='trunc')")
  fwd("div_uint64_trunc", [], "Tensor(2**64 - 1, dtype=dtypes.uint64).div(1, rounding_mode='trunc')")
  fwd("idiv_shift_rewrite_negative", [], ["Tensor(-5).div(2, rounding_mode='trunc')", "Tensor(-5).contiguous().div(2, rounding_mode='trunc')",
                                          "Tensor(-1).contiguous().div(4, rounding_mode='trunc')"])
  a, b = [-4, 7, 5, 4, -7, 8, -9], [2, -3, 8, -2, 3, 5, -5]
  for fa in (True, False):
    for fb in (True, False):
      va = [float(v) for v in a] if fa else a
      vb = [float(v) for v in b] if fb else b
      tag = ("f" if fa else "i") + ("f" if fb else "i")
      fwd(f"mod_{tag}", [va, vb], ["x.mod(y)", "x%y", "x%2", "x%3", "(x%3.5).clone()", "100%x", "(100.5%x).clone()"])
      fwd(f"fmod_{tag}", [va, vb], ["x.fmod(y)", "x.fmod(2)", "x.fmod(3.5).clone()"])
  for e in ("x*float('inf')", "x*-float('inf')", "x*float('nan')"):
    op("mul_naninf", [A], e)
  for e in ("x/float('inf')", "x/-float('inf')", "x/float('nan')", "float('inf')/x", "(-float('inf'))/x", "float('nan')/x"):
    op("div_naninf", [A], e)
  op("topo_sort", [A], "(x+x)*x")
  op("topo_sort", [()], "(x+x)*x")


def powers():
  op("pow_full", [A, A], "x**y")
  op("pow_full", [A, A], "x.pow(y)")
  for s, e, lo, hi in [(A, "x**0", -2, 2), (A, "x**1", -2, 2), (A, "x**2", -2, 2), (A, "x**3", -2, 2), (A, "x**-2", -2, 2),
                       ((), "x**2", -2, 2), ((), "x**-2", -2, 2), (A, "x**3", -30, -27), ((), "x**3", -30, -27),
                       (A, "x**0.2", -30, -27), (A, "x**1.2", -30, -27), ((), "x**0.2", -30, -27), ((), "x**1.2", -30, -27)]:
    op("pow", [s], e, low=lo, high=hi)
  op("pow_zero_base", [[0.0]], "x**1.1")
  for e in ("x**0.0", "x**1.0", "x**-1.0", "x**8.0", "x**5.5", "x**-5.5", "1.0**x", "5.5**x", "(-5.5)**x", "8.0**x", "x**2.0", "2.0**x"):
    op("pow_const", [A], e)
  op("pow_const", [()], "x**2.0")
  op("pow_const", [()], "2.0**x")
  for e in ("0**x", "0.7**x", "(-2)**x"):
    op("pow_const_vals", [[-2., -1, 0, 1, 2, 3]], e)
  fwd("pow_const_int_exponent", [[-2, -1, 0, 1, 2, 3]], "(0.7**x).clone()")
  for c in (-1, 0, 0.3, 1, 2):
    op(f"pow_const_direct_{str(c).replace('.', 'p').replace('-', 'm')}", [[-INF, 0.0, 1.0, INF]], f"x ** {c}")
  op("pow_neg_inf_frac_exponent", [[-INF]], "x**0.3")
  op("pow_neg_inf_frac_exponent", [[-INF]], "x**3.3")
  op("pow_zero_exponent", [[-INF, INF, 0.0], [0.0, 0.0, 0.0]], "x**y")
  op("pow_zero_tensor", [[0.0], [0.0]], "x**y")
  op("pow_zero_tensor", [[0.0], [0.3]], "x**y")
  op("pow_zero_tensor", [[0.0], [-0.3]], "x**y")
  fwd("exp2_log2_zero_times_negative", [[0.0], [-0.7]], "(x.log2()*y).exp2()")
  for e in ("x**0.3", "x**0.0", "x**-0.3"):
    op("pow_zero_const", [[0.0]], e)
  op("pow_zero_const", [[-1.0, 0.0, 1.0]], "x**-1.0")
  fwd("int_pow_const_int", [[-2, 0, 2], [11, 12, 13]], ["x**0", "x**1", "x**2", "y**7", "x**29"])
  fwd("pow_int_base_float_exponent", [], [f"(Tensor([1, 2, 3, 4], dtype=dtypes.int32) ** {e}).clone()" for e in (0.5, 1.5, 2.0, -1.0, 0.0)])
  for f in ("sqrt", "rsqrt"):
    op(f, [A], f"x.{f}()")
    op(f, [[0.0]], f"x.{f}()")
    op(f, [()], f"x.{f}()")
  op("sqrt_positive", [A], "x.sqrt()", low=0.5, high=4)
  op("rsqrt_positive", [A], "x.rsqrt()", low=0.5, high=4)


def bitwise():
  data = [[1, -8, 1], [32, 1, 6]]
  for f, sym in (("xor", "^"), ("and", "&"), ("or", "|")):
    fwd(f, [], [f"{T(data, 'int32')} {sym} {T(data, 'int32')}", f"{T(data, 'int32')} {sym} 0x1337", f"0x1337 {sym} {T(data, 'int32')}"])
    if f != "xor":
      fwd(f"{f}_bool", [], f"{T([True, True, False, False], 'bool')} {sym} {T([True, False, True, False], 'bool')}")
  fwd("and_range", [[1.2, 1.2, 1.2, 3.2]], "(1 < x) & (x < 2)")
  fwd("and_sum", [(300,)] * 5, "(x+y+z+w+v > 2) & (x < 0.9)")
  fwd("and_uint64", [], "Tensor(2**64-1, dtype=dtypes.uint64) & 0xFFFFFFFF")
  fwd("int_or", [], "Tensor([0], dtype='int') | 0xFFFFFFFF")
  fwd("bitwise_not", [], [f"{T(data, 'int32')}.bitwise_not()", f"~{T(data, 'int32')}", f"{T([[True, False]], 'bool')}.bitwise_not()",
                          f"~{T([[True, False]], 'bool')}"])
  u = [[0, 1, 2], [1 << 8, 1 << 16, 1 << 30]]
  for f, sym, meth in (("lshift", "<<", "lshift"), ("rshift", ">>", "rshift")):
    t = T(u, "uint32")
    fwd(f, [], [f"({t} {sym} 0).cast(dtypes.int32)", f"({t} {sym} 2).cast(dtypes.int32)", f"({t} {sym} 31).cast(dtypes.int32)",
                f"({t} {sym} Tensor([0,2,4], dtype=dtypes.uint32)).cast(dtypes.int32)"])
    fwd(f"{f}_method", [], [f"{t}.__{f}__(2).cast(dtypes.int32)", f"{t}.{meth}(2).cast(dtypes.int32)"])
    s = T([[-1, -3, 1, 7], [0, -2147483648, 2147483647, -1]], "int")
    fwd(f"{f}_signed", [], [f"{s} {sym} 0", f"{s} {sym} 2", f"{s} {sym} 8", f"{s} {sym} 31",
                            f"{s} {sym} Tensor([0,2,8,31], dtype=dtypes.int)"])


# ***** unary math and activations *****
def unary():
  big = [1e1, 1e2, 1e3, 1e4, 1e5, 1e6, -1e1, -1e2, -1e3, -1e4, -1e5, -1e6]
  for f in ("sin", "cos", "tan"):
    op(f, [A], f"x.{f}()", **({"low": -1.5, "high": 1.5} if f == "tan" else {}))
    if f == "tan": op(f, [A], "x.tan()", low=-5, high=5)
    op(f, [()], f"x.{f}()")
    op(f"{f}_special", [[NAN, INF, -INF, 0.0]], f"x.{f}()")
    op(f"{f}_large", [big], f"x.{f}()")
  fwd("cos_int", [], "Tensor(2).cos()")
  for f in ("asin", "acos", "atan"):
    op(f, [A], f"x.{f}()", **({"low": -1, "high": 1} if f != "atan" else {}))
    op(f, [A], f"x.{f}()", low=-300, high=-297)
    op(f, [A], f"x.{f}()", low=300, high=303)
  for f, extra in [("sinh", False), ("cosh", False), ("tanh", True), ("asinh", True), ("acosh", True), ("atanh", True)]:
    op(f, [A], f"x.{f}()")
    (op if extra else fwd)(f, [A], f"x.{f}()", low=-300, high=-297)
    (op if extra else fwd)(f, [A], f"x.{f}()", low=300, high=303)
  op("relu", [(8,8)], "x.relu()")
  op("relu", [()], "x.relu()")
  op("relu_exact", [[-1., 0, 1]], "x.relu()")
  for f in ("leaky_relu", "selu", "silu", "swish", "abs", "log", "log10", "log2", "exp", "exp2", "sign", "softsign", "sigmoid",
            "logsigmoid", "hardsigmoid", "softplus", "erf", "quick_gelu", "elu", "relu6", "hardswish", "mish"):
    op(f, [A], f"x.{f}()")
    op(f, [()], f"x.{f}()")
  for f in ("log", "log10", "log2", "exp", "exp2"):
    op(f"{f}_special", [[INF, -INF, NAN]], f"x.{f}()")
  op("log_positive", [A], "x.log()", low=0.25, high=4)
  fwd("exp_int", [], "Tensor(2).exp()")
  for v in [-1., -0., 0., 1., INF, -INF, NAN]:
    (fwd if math.isnan(v) else op)("abs_exact", [[v]], "x.abs()")
  op("sign_exact", [[-1., 0, 1]], "x.sign()")
  op("softsign_exact", [[-1., 0, 1]], "x.softsign()")
  for val in range(1, 5):
    op("celu", [A], f"x.celu({val})")
    op("celu", [()], f"x.celu({val})")
  for lo, hi in ((300, 400), (-400, -300)):
    for f in ("sigmoid", "hardsigmoid", "softplus", "erf", "quick_gelu"):
      op(f"{f}_extreme", [A], f"x.{f}()", low=lo, high=hi)
    for approx in ("tanh", "none"):
      op("gelu_extreme", [A], f"x.gelu(approximate={approx!r})", low=lo, high=hi)
  op("sigmoid_extreme_grad", [[300.0, -300.0]], "x.sigmoid()")
  op("sigmoid_alt_extreme", [[300.0, -300.0]], "x.exp() / (1 + x.exp())")
  op("softplus", [A], "x.softplus(beta=3)")
  op("softplus", [A], "x.softplus(beta=1/3)")
  for approx in ("tanh", "none"):
    op("gelu", [A], f"x.gelu(approximate={approx!r})")
  op("elu", [A], "x.elu(alpha=0.1)")
  for val in range(10, 30, 5):
    op("hardtanh", [A], f"x.hardtanh(-{val}, {val})", low=-30, high=30)
    op("hardtanh", [()], f"x.hardtanh(-{val}, {val})")
  op("copysign", [A, A], "x.copysign(y)")
  op("copysign", [A, (9,1)], "x.copysign(y)")
  op("copysign", [(9,1), (1,13)], "x.copysign(y)")
  op("copysign", [(), ()], "x.copysign(y)")
  v = [-1., -0., 0., 1., INF, -INF, NAN]
  op("copysign_exact", [[a for a in v[:4] for _ in v], [b for _ in v[:4] for b in v]], "x.copysign(y)")
  fwd("copysign_exact_special", [[a for a in v[4:] for _ in v], [b for _ in v[4:] for b in v]], "x.copysign(y)")
  op("logaddexp", [A, A], "x.logaddexp(y)")
  op("logaddexp", [[-1.], [-1.0, 2, 3]], "x.logaddexp(y)")
  op("logaddexp", [[-100.0, -200, -300], [-1.0, 2, 3]], "x.logaddexp(y)")
  op("logaddexp", [[1.0, 2000, 30000], [-1.0, 2, 3]], "x.logaddexp(y)")
  op("clip", [A], "x.clip(-2.3, 1.2)")
  op("clip", [[-3.0, -2.5, 0, 1.5, 2]], "x.clip(-2.5, 1.5)")
  for lo, hi in [(0, 0), (10, 100), (0, 0.1), (-0.3, -0.2), (3, 0), (None, 0), (0, None)]:
    op("clip", [A], f"x.clip({lo}, {hi})")
  op("detach", [(4,3,6,6)], "x.detach()", grad=False)
  fwd("detach", [()], "x.detach()")


# ***** scans and ordering *****
def scans():
  for f in ("cumsum", "cumprod"):
    for shape, ax in [((10,), 0), ((512,), 0), ((1022,), 0), ((), 0), ((20,), 0), ((20,30), 0), ((20,30), 1), ((6,7,8), 2), ((6,7,8), -1),
                      ((2,0,4), 1), ((0,3), 0), ((2,3,0), 2)]:
      lohi = {"low": 0.5, "high": 1.5} if f == "cumprod" and shape in ((512,), (1022,)) else {}
      op(f, [shape], f"x.{f}(axis={ax})", **lohi)
  for f in ("cummax", "cummin"):
    for shape, ax in [((10,), 0), ((512,), 0), ((), 0), ((5,), 0), ((20,30), 0), ((20,30), 1), ((6,7,8), 2), ((6,7,8), -1),
                      ((2,0,4), 1), ((0,3), 0), ((2,3,0), 2)]:
      op(f, [shape], f"x.{f}(axis={ax})[0]")
      fwd(f"{f}_indices", [shape], f"x.{f}(axis={ax})[1]")
  for f in ("argmax", "argmin"):
    fwd(f, [[2, 2], [1, 2, 2] if f == "argmax" else [3, 2, 2]], [f"x.{f}()", f"y.{f}()"])
    fwd(f, [(10,20)], [f"x.{f}()", f"x.{f}(0, False)", f"x.{f}(1, False)", f"x.{f}(1, True)"])
    fwd(f"{f}_int_min", [[0, -2**31], [-2**31, 0]], [f"x.{f}()", f"y.{f}()"])
    fwd(f"{f}_bool", [[False, True], [True, False]], [f"x.{f}()", f"y.{f}()"])
  fwd("argmax_invert", [[2, 2]], "(~x).argmax()")
  for shape in [(0,), (0,5), (1,), (1,5)]:
    fwd("sort_small", [shape], ["x.sort(0)[0]", "x.sort(0)[1]"])
  for dim in (-1, 0, 1):
    for desc in (True, False):
      fwd(f"sort_dim{dim}_{'desc' if desc else 'asc'}".replace("-", "m"), [(8,8,6)], [f"x.sort({dim}, {desc})[0]", f"x.sort({dim}, {desc})[1]"])
  fwd("sort_stable", [[0, 1] * 9], ["x.sort()[0]", "x.sort()[1]", "x.sort(descending=True)[0]", "x.sort(descending=True)[1]"])
  fwd("argsort", [(8,8,6)], "x.argsort(1, True)")
  fwd("topk", [(8,)], ["x.topk(3)[0]", "x.topk(3)[1]"])
  for dim, largest in ((0, True), (1, False)):
    fwd("topk", [(5,5,4)], [f"x.topk(4, {dim}, {largest}, True)[0]", f"x.topk(4, {dim}, {largest}, True)[1]"])
  fwd("topk_ties", [[1, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0]], ["x.topk(3)[0]", "x.topk(3)[1]", "x.topk(3, largest=False)[0]",
                                                                  "x.topk(3, largest=False)[1]"])


# ***** matmul and einsum *****
def matmul():
  cases = [([()], "'->'"), ([(10,10)], "'ij->ji'"), ([(10,10)], "'ij -> ji'"), ([(10,10)], "'ji'"), ([(4,6,8)], "'jki'"),
           ([(4,6,8)], "'dog'"), ([(4,6), (6,8)], "'ij,jk'"), ([(4,6,8)], "'ijk->'"), ([(5,5)], "'ij->j'"), ([(5,5)], "'ij->i'"),
           ([(3,4), (4,)], "'ik,k->i'"), ([(3,4), (4,5)], "'ik,kj->ij'"), ([(3,4), (4,5)], "'jk,ki->ji'"), ([(5,), (5,)], "'i,i->i'"),
           ([(5,6), (5,6)], "'ij,ij->ij'"), ([(5,), (5,)], "'i,j->ij'"), ([(2,4,6), (2,6,8)], "'ijk,ikl->ijl'"),
           ([(2,4,5), (2,5,7)], "'ijk,ikl->jil'"), ([(4,2,5), (2,5,7)], "'jik,ikl->jil'"), ([(2,4,6), (2,6,8)], "'ijk,ika->ija'"),
           ([(3,5,4,6), (5,3,5,4,4)], "'pqrs,tuqvr->pstuv'"), ([(3,4,6,5), (5,5,3,4,4)], "'prsq,tquvr->pstuv'"),
           ([(3,5,4,6), (5,3,5,4,4)], "'zqrs,tuqvr->zstuv'"), ([(2,3), (5,3,7), (2,7)], "'ik,jkl,il->ij'"),
           ([(3,8,9), (3,8,9)], "'...id, ...jd -> ...ij'"), ([(3,8,9), (3,8,9)], "'...id, ...jd'"),
           ([(2,3,4,5), (5,2,4)], "'i...j,ji...->...'"), ([(4,3,5,5,5), (4,3,5,5,5)], "'ij...,ij...->ij'"),
           ([(5,), (5,)], "'i,i'"), ([(4,4)], "'ii->i'"), ([(4,4)], "'ii->'"), ([(3,5,5)], "'...ii->...i'"), ([(3,5,5)], "'...ii->...'")]
  for shapes, eq in cases:
    args = ", ".join(INPUT[:len(shapes)])
    op("einsum", shapes, f"Tensor.einsum({eq}, {args})")
  op("einsum_list", [(2,4,6), (2,6,8)], "Tensor.einsum('ijk,ikl->ijl', [x, y])")
  for sa, sb in [((65,), (65,)), ((65,), (65,45)), ((45,65), (65,)), ((8,45,65), (65,)), ((65,), (8,65,45))]:
    op("dot_1d", [sa, sb], "x.dot(y)")
  op("dot", [(45,65), (65,30)], "x.dot(y)")
  op("dot", [(4,15,25), (4,25,20)], "x.dot(y)")
  fwd("mulacc_with_zero_strides", [], ["Tensor(1.0).reshape((1,1,1)).expand(2,4,3).mul(Tensor(1.0).reshape((1,1,1)).expand(2,4,3)).sum(-1)",
       "Tensor([[1.,1.,1.,1.], [1.,1.,1.,1.]]).reshape((2,4,1)).expand(2,4,3).mul(Tensor([1.,1.,1.,1.]).reshape((1,4,1)).expand(2,4,3)).sum([0,2])",
       "Tensor.ones((1,2)).dot(Tensor.ones((2,3)))"])
  op("matmul_simple", [(4,), (4,4)], "x.dot(y)")
  op("matmul", [(64,), (64,99)], "x.dot(y)")
  op("matmul_batched", [(3,), (1,3,3,5)], "x.dot(y)")
  op("matmul_batched_vector", [(4,3), (1,3,3,5)], "x.dot(y)")
  op("small_gemm", [(8,8), (8,8)], "x@y")
  op("9_gemm", [(9,9), (9,9)], "x@y")
  op("small_gemm_padded", [(9,9), (9,9)], "x.pad(((0,7),(0,7)))@y.pad(((0,7),(0,7)))")
  op("small_gemm_range", ["Tensor.arange(0, 64).float().reshape(8,8).clone('CPU')", "Tensor.arange(64, 128).float().reshape(8,8).clone('CPU')"],
     "x@y", pre=[], no_grad=[])
  op("small_gemm_eye", ["Tensor.eye(8).clone('CPU')", "Tensor.eye(8).clone('CPU')"], "x@y")
  op("gemm_fp16", [(32,32), (32,32)], "x.half().matmul(y.half())")
  op("gemm", [(64,64), (64,64)], "x.matmul(y)")
  fwd("big_gemm", [(128,128), (128,128)], "x.matmul(y)")
  for sa, sb in [((8,8), (8,0)), ((0,8), (8,8)), ((0,8), (8,0)), ((8,0), (0,8)), ((0,0), (0,0)), ((0,), (0,8)), ((0,), (0,))]:
    op("gemm_with_zeros_shape", [sa, sb], "x.dot(y)")
  op("broadcastdot", [(4,15,25), (25,15)], "x @ y")
  op("multidot", [(4,15,25), (4,25,15)], "x @ y")
  op("multidot", [(3,3,15,25), (3,3,25,15)], "x @ y")
  op("matvecmat", [(1,128), (128,128), (128,128)], "(x@y).relu()@z")
  op("matvec", [(1,128), (128,128)], "(x@y).relu()")
  fwd("flip_eye_crash", [], "Tensor.eye(10)@Tensor.eye(10).flip(0)")


INPUT = "xyzwv"


# ***** reductions *****
def reductions():
  op("sum_fake", [(256, 1)], "x.sum(axis=1)")
  fwd("sum_collapse", [], "Tensor.ones(256,256).sum(axis=1)")
  fwd("sum_collapse_neg", [], "(-Tensor.ones(3,3)).sum(axis=1)")
  fwd("sum_pad_collapse", [], "Tensor.ones(256,256).pad(((0,0), (0,64))).sum(axis=1)")
  for ax in ("(0, 1)", "(0, 2)", "(1, 2)"):
    op("sum_twice", [(4,4,4)], f"x.sum({ax}).sum()")
  fwd("sum_cat_collapse", [], "Tensor.cat(Tensor.ones(256,256), Tensor.zeros(256,64), dim=1).sum(axis=1)")
  fwd("max_dont_collapse", [], "Tensor.ones(256,256).max(1)")
  op("sum_simple", [[1., 1.]], "x.sum()")
  op("sum_full", [(16384,)], "x.sum()")
  op("sum_relu", [(3,4,5)], "x.relu().sum().relu()")
  op("sum_tiny", [(4,2,2)], "x.sum(axis=(0,2))")
  for s, e in [((45,3), "x.sum()"), ((3,4,5,6), "x.sum(axis=3)"), ((3,4,5,6), "x.sum(axis=(1,3))"), ((3,4,5,6), "x.sum(axis=(0,2))"),
               ((3,4,5,6), "x.sum(axis=(1,2))"), ((3,4,5,6), "x.sum(axis=1)"), ((3,4,5,6), "x.sum(axis=1, keepdim=True)"),
               ((), "x.sum()"), ((), "x.sum(0)"), ((), "x.sum(-1)"), ((), "x.sum(())")]:
    op("sum", [s], e)
  op("sum_dtype_arg", [(45,3)], "x.sum(dtype=dtypes.float32)")
  fwd("sum_dtype_arg_float64", [(45,3)], "x.sum(dtype=dtypes.float64)")
  for ax in ("(0,)", "(1,)", "(0,1)"):
    op("sum_with_zeros_shape", [(4, 0)], f"x.sum(axis={ax})")
  for v in ([1.0, 2.0, 3.0], [0.0, 2.0, 3.0], [0.0, 0.0, 3.0]):
    op("prod_vals", [v], "x.prod()")
  for s, e in [((3,4,5,6), "x.prod(axis=3)"), ((3,4,5,6), "x.prod(axis=1)"), ((3,4,5,6), "x.prod(axis=1, keepdim=True)"),
               ((), "x.prod()"), ((), "x.prod(0)"), ((), "x.prod(-1)")]:
    op("prod", [s], e)
  fwd("prod_dtype_arg", [[1, 2, 3]], ["x.prod(dtype=dtypes.int64)", "x.prod(dtype=dtypes.float32)"])
  for f in ("min", "max"):
    for s, e in [((3,3), f"x.{f}()"), ((45,3), f"x.{f}()"), ((45,3), f"x.{f}().mul(0.5)"), ((), f"x.{f}()")]:
      op(f, [s], e)
    fwd(f"{f}_int", [[0, -2**31], [-2**31, 0]], [f"x.{f}()", f"y.{f}()"])
    fwd(f"{f}_bool", [[False, True], [True, False]], [f"x.{f}()", f"y.{f}()"])
  op("max_ties", [[[1.0, 1.0, 0.0, 1.0]]], "x.max().mul(0.5)")
  op("max_axis", [(3,4,5,6)], "x.max(axis=1)")
  fwd("const_reduce", [(3,3)], ["x.full_like(2).sum()", "x.full_like(2).prod()", "x.full_like(2).max()"])
  for f in ("any", "all"):
    fwd(f, [(3,4,5,6)], f"x.{f}()")
    fwd(f"{f}_vals", [[True, True], [True, False], [False, False]], [f"x.{f}()", f"y.{f}()", f"z.{f}()"])
    fwd(f, [()], f"x.{f}()")
    fwd(f"{f}_axis", [(3,4,5,6)], f"x.{f}(axis=(1,2))")
    fwd(f"{f}_zero_axis", [(1,0,3,0,5)], f"x.{f}(axis=(1,3))")
  fwd("all_large", [], [f"Tensor.ones(2**{e}).bool().all()" for e in (15, 16, 20)])
  fwd("isclose", [(3,4,5,6), (3,4,5,6)], ["x.isclose(x)", "x.isclose(y)", "x.isclose(x, equal_nan=True)", "x.isclose(x + 1e-6)",
                                          "x.isclose(x + 1e-9)", "x.isclose(x + 1e-6, atol=0.0)", "x.isclose(x + 1e-9, atol=0.0)",
                                          "x.isclose(x + 1e-6, rtol=0.01)", "x.isclose(x + 1e-9, rtol=0.01)"])
  fwd("isclose_small", [[1e-7, 1e-8, 1e-9], [0.0, 0.0, 0.0]], "x.isclose(y)")
  sp = [INF, -INF, NAN, 0.0]
  fwd("isclose_edge_cases", [[a for a in sp for _ in sp], [b for _ in sp for b in sp]], ["x.isclose(y)", "x.isclose(y, equal_nan=True)"])
  fwd("isclose_scalar", [(3,4,5,6), [1.0, 1.0 + 1e-7, 2.0, INF, -INF, NAN]], ["x.isclose(1.0)", "y.isclose(1.0)"])
  op("mean", [(3,4,5,6)], "x.mean()")
  op("mean", [()], "x.mean()")
  op("mean_axis", [(3,4,5,6)], "x.mean(axis=(1,2))")
  op("mean_zero_axis", [(1,0,3,0,5)], "x.mean(axis=(1,3))")
  for f in ("var", "std"):
    for e in ("()", "(correction=0)", "(correction=5)", "(0)", "(2)", "([1, 2])", "(0, correction=0)", "(2, correction=0)",
              "([1, 2], correction=0)", "(keepdim=True)", "(0, keepdim=True, correction=0)"):
      op(f, [(5,6,7)], f"x.{f}{e}")
    for c in ("", ", correction=0", ", correction=5"):
      op(f"{f}_zero_in_axis", [(1,0,3,0,5)], f"x.{f}(axis=(1,3){c})")
    for ax, c, g in [("(0,3)", "", True), ("(0,3)", ", correction=5", f == "std"), ("(0,4)", ", correction=5", f == "std"),
                     ("(0,4)", "", True), ("(0,4)", ", correction=0", True)]:
      op(f"{f}_one_in_axis", [(1,2,3,1,5)], f"x.{f}(axis={ax}{c})", grad=g)
    op(f"{f}_one_in_axis", [(1,)], f"x.{f}(axis=(0,), correction=0)", grad=f == "var")
    op(f"{f}_one_in_axis", [(1,2,3,1,5)], f"x.{f}(axis=(0,3), correction=0)", grad=f == "var")
  for e in ("", "correction=5", "keepdim=True, correction=0"):
    op("std_mean", [(5,6,7)], f"Tensor.stack(*x.std_mean({e}))")
  op("std_mean", [(3,4,5,6)], "Tensor.stack(*x.std_mean(axis=(1,2)))")
  op("std_mean_loaded_nan", [(1,0,3,0,5)], "Tensor.stack(*x.std_mean(axis=(1,3)))")
  for f in ("softmax", "log_softmax"):
    op(f, [A], f"x.{f}()")
    op(f, [(45,)], f"x.{f}()")
    op(f, [()], f"x.{f}(0)")
    op(f, [()], f"x.{f}(-1)")
    for ax in (0, 1, 2):
      op(f"{f}_other_axis", [(10,10,10)], f"x.{f}({ax})")
  fwd("softmax_argmax", [A], ["x.softmax(0).argmax()", "x.softmax(1).argmax()"])
  op("softmin", [A], "x.softmin()")
  for s, e in [(A, "x.normalize()"), (A, "x.normalize(dim=0)"), ((10,10,10), "x.normalize(dim=2)"), (A, "x.normalize(p=1)"),
               (A, "x.normalize(p=3, dim=0)"), (A, "x.normalize(p=0)"), (A, "x.normalize(p=-1)")]:
    op("normalize", [s], e)
  for s, e in [(A, "0"), (A, "0, True"), (A, "1"), (A, "1, True"), ((6,6,6), "2"), ((6,6,6,6), "2"), ((6,6,6,6), "3"), ((45,), "0"),
               ((), "0"), ((), "-1")]:
    op("logsumexp", [s], f"x.logsumexp({e})")
  for s, e in [(A, "0"), (A, "1"), ((6,6,6), "2"), ((6,6,6,6), "2"), ((6,6,6,6), "3"), ((45,), "0"), ((), "0"), ((), ""), ((), "-1")]:
    op("logcumsumexp", [s], f"x.logcumsumexp({e})")
  op("logcumsumexp_numerical", [[0.0, 100.0]], "x.logcumsumexp()")


# ***** broadcasting *****
def broadcast():
  for f in ("add", "sub", "mul", "div", "pow"):
    lohi = {"low": 0, "high": 3} if f == "pow" else {}
    for sa, sb in [((5,3,14,16), (5,1,14,1)), ((1,3,1,7,1), (2,1,5,1,8))]:
      op(f"broadcast_full_{f}", [sa, sb], f"x.{f}(y)", **lohi)
    for sa, sb in [((1,8,8,8), (1,8,1,1)), ((5,3,4,6,2), (1,3,4,1,1)), ((4,1), (4,5)), ((1,4), (5,4))]:
      op(f"broadcast_partial_{f}", [sa, sb], f"x.{f}(y)", **lohi)
  op("broadcast_simple", [A, (9,1)], "x/y")
  op("broadcast_simple", [A, ()], "x/y")


# ***** indexing and movement *****
def slicing():
  cases = [
    ("slice_in_bounds_1dim", (3,), ["x[1:3]", "x[0:2]", "x[-2:2]"]),
    ("slice_on_0dim_tensor", (), ["x[None]"]),
    ("slice_int_indexing", (3,), ["x[0]", "x[2]", "x[-1]", "x[-3]"]),
    ("slice_int_indexing", (10,10), ["x[1]"]),
    ("slice_int_indexing", (3,3,3), ["x[1,1,1]"]),
    ("slice_in_bounds_multidim", (3,3,3), ["x[1:2]", "x[1:2, 2]", "x[1:2, 1:2]", "x[1:2, 1:2, 0:-1]"]),
    ("slice_with_none", (3,3,3), ["x[None]", "x[1:2, None]", "x[1:2, None, 1:2]", "x[1:2, 1:2, None, -1]", "x[None, None, 1, None, 2, 0:2]"]),
    ("slice_with_const_tensor", (3,3,3), ["x[:, Tensor.zeros(1, dtype=dtypes.int), :]", "x[:, Tensor.zeros(1, dtype=dtypes.int).contiguous(), :]"]),
    ("slice_one_endpoint_out_of_bounds", (3,3,3), ["x[0:4]", "x[-6:4]", "x[1:50]", "x[1:50, 1:2, -1]"]),
    ("slice_stride_gt_one", (7,5,10), ["x[::2, ::3, ::4]", "x[1:-1:2, 0:3:2, 2::5]", "x[::5]"]),
    ("slice_negative_strides", (3,3,3), ["x[::-1]", "x[::-2, ::-1]", "x[2:0:-1]", "x[:, ::-1, 1:3]", "x[1::-1, 2:-4:-1, ::-2]"]),
    ("slice_both_endpoints_out_of_bounds", (3,3,3), ["x[5:10]", "x[-15:-7]"]),
    ("slice_start_gt_end", (3,3,3), ["x[-2:2]", "x[-2:-5]"]),
    ("slice_zero_in_shape", (10,10), ["x[1:1]"]),
    ("slice_ellipsis", (3,3,3,3), ["x[..., 0]", "x[0, ...]", "x[0, ..., 0]", "x[0:3, ..., 2:3]", "x[None, 0:3, ..., 0, None]"]),
    ("double_slice", (4,4), ["x[:, 1:2][1:2]", "x[1:3][1:2]", "x[:, 1:2][0:1]", "x[:, 1:2][:, 0:1]"]),
    ("stack_slice", (4,), ["Tensor.stack(*[x for i in range(3)])[0,:]"]),
    ("stack_slice", (5,), ["Tensor.stack(*[x for i in range(3)])[0,0]"]),
    ("stack_slice", (4,4), ["Tensor.stack(*[x for i in range(4)])[3]"]),
  ]
  for name, shape, exprs in cases:
    for e in exprs: op(name, [shape], e)
  fwd("fancy_indexing_inf", [], "Tensor([float('inf'), -float('inf'), float('nan')])[Tensor([0, 1, 2])]")
  idx = ["i = Tensor([-1, 0]).reshape(2,1,1,1,1,1)", "j = Tensor([0, 0, 0]).reshape(1,3,1,1,1,1)",
         "k = Tensor([-5, 2, 4, -1]).reshape(1,1,4,1,1,1)", "o = Tensor([0, 3, 1, 2, 0, 2, 1, 3, 0, 1]).reshape(2,1,1,5,1,1)",
         "p = Tensor([0, 0, 0, 0, 0, 0]).reshape(1,1,1,1,6,1)"]
  big = (2,5,6,5,3,4)
  fancy = {
    "no_dim_collapse": ["x[i,j,k,o,p]", "x[:,j,k,o,:]", "x[i,j,...]", "x[i,...,p]", "x[...,k,:,p]"],
    "dim_collapse_int": ["x[1,j,k,o,p]", "x[i,j,3,o,p]", "x[1,j,2,o,2]", "x[i,2,2,2,p]", "x[1,:,3:11:2,o,0:2]"],
    "dim_inject_none": ["x[None,j,k,o,p]", "x[i,j,k,o,None]", "x[i,j,None,o,p]", "x[None,j,k,o,None]", "x[i,:,None,o,p]",
                        "x[None,None,None,None,None]", "x[None,None,j,k,o,p]", "x[None,None,j,k,None,None]", "x[i,None,None,k,o,p]",
                        "x[i,None,None,k,None,None]", "x[None,None,j,None,o,p]"],
    "dim_inject_and_collapse": ["x[1,j,None,o,1]", "x[None,j,2,o,None]", "x[...,1,o,None]"],
    "list_indices": ["x[((0,),)]", "x[(0,),j,k,o,:]", "x[[[[0]]],j,k,o,[[1]]]", "x[(1,0,-1),j,k,o,:]", "x[i,j,k,(1,2,3),...]",
                     "x[i,j,k,[[1],[2],[3]],...]", "x[i,(2,1,0),k,(-2,1,0),p]"],
    "tuple_indices": ["x[(((0,),),)]", "x[(1,0),j,k,o,:]", "x[i,((2,),(1,),(0,)),k,(2,1,0)]", "x[1,(2,1,0),None,k,(2,1,0),p]"],
    "list_with_tensors": ["x[(i,)]", "x[(i,1)]", "x[(i,(1,1))]", "x[(i,j,k,o,p)]"],
  }
  for name, exprs in fancy.items():
    for e in exprs: op(f"slice_fancy_indexing_{name}", [big], e, pre=idx)
  for e in ("x[Tensor([[0,0,0],[0,0,0]]), Tensor(1)]", "x[Tensor([1]), Tensor([[0,0,0],[0,0,0]])]",
            "x[Tensor([[0,0,0],[0,0,0]]), Tensor([2,1,1])]", "x[Tensor([[0,1,-1],[-1,-2,0]]), Tensor([2,1,-1])]"):
    op("slice_fancy_indexing_with_tensors", [(2,3)], e)
  op("slice_fancy_indexing_bool_int_list", [(5, 6)], "x[[True, False, 2]]")
  index = "(Tensor.arange(60).reshape(3,4,5) * 7 % 3)"
  for s, d in [((4,5,6), 0), ((4,5,6), 1), ((4,5,6), 2), ((3,4,5), 0), ((4,5,6), -1), ((4,5,6), -2), ((4,5,6), -3)]:
    op("gather", [s], f"x.gather(dim={d}, index={index})")
  op("gather", [[1., 2., 3.]], "x.gather(dim=0, index=Tensor([2, 1, 0, 1, 2]))")
  op("gather", [[-INF, 2., 3.]], "x.gather(dim=0, index=Tensor([2, 1, 0, 1, 2]))")
  for d in (0, 1, 2, -1, -2, -3):
    fwd("scatter", [(4,5,6), (4,5,6)], f"x.scatter(dim={d}, index={index}, src=y)")
  fwd("scatter", [(3,4,5), (3,4,5)], f"x.scatter(dim=1, index={index}, src=y)")
  fwd("scatter", [(10,3,10), (10,10,10)], f"x.scatter(dim=1, index={index}, src=y)")
  fwd("scatter_value", [(4,5,6)], [f"x.scatter(dim=1, index={index}, src=3)", f"x.scatter(dim=1, index={index}, src=float('inf'))"])
  fwd("scatter_overlap", [[1., 2., 3., 4.], [1., 0.]], "x.scatter(0, Tensor([0, 0], dtype=dtypes.int32), y)")
  fwd("scatter_add", [(4,5,6)], [f"x.scatter(dim=1, index={index}, src=float('inf'), reduce='add')",
                                 f"x.scatter(1, {index}, float('nan'), reduce='add')"])
  fwd("scatter_mul", [(4,5,6)], [f"x.scatter(dim=1, index={index}, src=float('inf'), reduce='multiply')",
                                 f"x.scatter(1, {index}, float('nan'), reduce='multiply')"])
  for red in ("sum", "prod", "mean", "amin", "amax"):
    for d in (-1, 1, -3):
      fwd(f"scatter_reduce_{red}", [(3,4,5), (3,4,5)], [f"x.scatter_reduce(dim={d}, index={index}, src=y, reduce={red!r})",
                                                         f"x.scatter_reduce(dim={d}, index={index}, src=y, reduce={red!r}, include_self=False)"])
  fwd("scatter_reduce_prod_zeros", [(4,5,6)], f"Tensor.zeros([4,5,6]).float().scatter_reduce(dim=1, index={index}, src=x, reduce='prod')")
  fwd("masked_select", [(32, 10)], ["x.masked_select(x>0.5)", "x.masked_select(Tensor(True))"])
  fwd("masked_select_size", [], ["Tensor([0, 1, 2, 3, 4, 5, 6, 7, 8]).masked_select(Tensor([True, False, True, False, True, False, False, False, True]), size=4)",
                                 "Tensor([0, 1, 2, 3, 4, 5, 6, 7, 8]).masked_select(Tensor([True, False, True, False, True, False, False, False, True]), size=6, fill_value=-1)",
                                 "Tensor([1.0, 2.0]).masked_select(Tensor([True, False]), size=3, fill_value=-1)"])
  for s in ((32, 10), (20,), (10, 5, 3)):
    fwd("nonzero", [s], "(x>0.5).nonzero()")
  fwd("nonzero_scalar", [], [f"Tensor({v!r}).nonzero()" for v in (0, 1, 0.0, 2.5, True, False)])
  fwd("nonzero_size", [], ["Tensor([1, 0, 2, 0, 3]).nonzero(size=3)", "Tensor([1, 0, 2, 0, 3]).nonzero(size=5, fill_value=-1)",
                           "Tensor([[1, 0], [0, 2]]).nonzero(size=2)"])
  op("masked_fill", [(32,10)], "x.masked_fill((x>0.1).detach(), -float('inf'))")
  op("masked_fill", [(32,10)], "x.masked_fill((x<0.1).detach(), -float('inf'))")


def padding():
  for pad in ("(1,2,3,4)", "(-1,2,-3,4)", "(1,2,3,4),value=5", "(-1,2,-3,4),value=5", "(1,2,3,4),value=float('inf')",
              "(-1,2,-3,4),value=-float('inf')"):
    op("pad", [(3,3,3,3)], f"x.pad(padding={pad})")
  for pad in ("((3,4),(1,2))", "((-3,4), (-1,2))", "((3,4), (1,2)), value=5", "((3,4), None), value=1", "(None, None), value=1"):
    op("pad", [(3,3)], f"x.pad({pad})")
  for mode in ("reflect", "replicate", "circular"):
    cases = [((1,1,5,5), "(0,2,3,2)"), ((5,5,5), "(0,2)"), ((1,1,5,5,5), "(1,2,3,4,1,2)" if mode != "circular" else "(1,2,3,5,1,2)")]
    if mode == "reflect":
      cases += [((3,3,3,3), "(-1,2,2,-1)"), ((1,1,5,5), "(3,-3,0,-3)"), ((1,1,5,5), "(3,-5,1,-5)"), ((1,1,5,5), "(0,0,0,-5)"),
                ((1,1,5,5), "(4,4,0,4)")]
    elif mode == "replicate":
      cases += [((3,3,3,3), "(-1,2,2,-1)"), ((1,1,5,5), "(3,-3,0,-3)"), ((1,1,5,5), "(3,-5,1,-5)"), ((1,1,5,5), "(0,0,0,-5)"),
                ((1,1,5,5), "(3,11,0,30)")]
    else:
      cases += [((1,1,5,5), "(1,-2,2,-1)")]
    for s, pad in cases:
      op(f"pad_{mode}_mode", [s], f"x.pad({pad}, mode={mode!r})")
  op("pad_reshape", [(1, 2)], "x.pad((0, 1, 1, 0)).reshape((3, 2))")
  op("pad_reshape", [(1, 2)], "x.pad((0, 2, 1, 1)).reshape((4, 3))")
  op("pad_reshape", [(1, 1, 1, 2)], "x.pad(((0, 2), (1, 2), (2, 2), (0, 4))).reshape((4, 3, 6, 5))")
  cases = [((1,), "((1,0),)", "[0]"), ((4,), "((1,0),)", "[0]"), ((4,), "((3,0),)", "[0:1]"), ((4,), "((0,3),)", "[6]"),
           ((4,), "((0,3),)", "[4:6]"), ((5,5), "((1,0),(0,0))", "[0]"), ((2,2), "((0,0),(0,1))", "[0,2]"), ((4,4), "((1,0),(0,0))", "[0,2]"),
           ((4,4), "((0,2),(0,0))", "[5]"), ((4,4), "((0,2),(0,0))", "[3:5]"), ((4,4), "((0,0),(3,0))", "[1,0]"),
           ((4,4), "((0,0),(3,0))", "[1,0:4]"), ((4,4), "((1,2),(3,4))", "[0]"), ((4,4), "((1,2),(3,4))", "[:,1]"),
           ((4,4), "((1,2),(3,4))", "[:,4]"), ((3,3), "((0,0),(0,3))", "[:,4:6]"), ((3,3), "((3,2),(0,1))", "[0:2,:]"),
           ((3,3,3), "((3,2),(0,1),(1,1))", "[0:2,:,:]"), ((3,3,3), "((3,2),(0,1),(1,1))", "[2:4,:,:]")]
  for value in (0., 3.456):
    for s, pad, sl in cases:
      op(f"pad_slice_{'zero' if value == 0 else 'value'}", [s], f"x.pad({pad}, value={value}){sl}")
  op("padding_add", [(64,64), (60,60)], "x+y.pad((2,2,2,2))")


def movement():
  cases = [
    ("transpose", [((3,3), "x.T"), ((3,3,3), "x.transpose(1,2)"), ((3,3,3), "x.transpose(0,2)")]),
    ("permute", [((1,2,3,4), "x.permute((3,0,2,1))"), ((3,4,5,6), "x.permute((3,2,1,0))"), ((3,4,5,6), "x.permute((-2,-1,1,0))"),
                 ((), "x.permute(())")]),
    ("reshape", [((4,3,6,6), "x.reshape((12,6,6))"), ((4,3,6,6), "x.reshape((-1,3,6,6))"), ((4,3,6,6), "x.reshape((-1,1,6,6))"),
                 ((4,3,6,6), "x.reshape((None,None,6,6))"), ((), "x.reshape(())"), ((1,), "x.reshape(())"), ((), "x.reshape((1,))"),
                 ((), "x.reshape((1,1,1))")]),
    ("view", [((4,3,6,6), "x.view((12,6,6))"), ((4,3,6,6), "x.view((-1,3,6,6))"), ((6,), "x.view(2, 3)"), ((6,1), "x.view([2, 3])"),
              ((1,6), "x.view((3, 2))"), ((3,2), "x.view((2, 3))"), ((3,2), "x.view(6)")]),
    ("flip", [((4,3,6,6), "x.flip((0,))"), ((4,3,6,6), "x.flip((0,1))"), ((4,3,6,6), "x.flip((0,1,3))"), ((4,3,6,6), "x.flip((3,))"),
              ((4,3,6,6), "x.flip((0,1,3)).flip(0)"), ((4,3,6,6), "x.flip((-1,))"), ((), "x.flip(())"), ((1,), "x.flip(())"),
              ((4,3,6,6), "x.flip(())")]),
    ("squeeze", [((1,3,6,6), "x.squeeze(0)"), ((4,3,1,6), "x.squeeze(1)"), ((4,3,6,6), "x.squeeze(3)"), ((4,3,6,1), "x.squeeze(-1)"),
                 ((4,3,6,6), "x.squeeze()"), ((1,3,6,6), "x.squeeze()"), ((2,3,1), "x.squeeze()"), ((), "x.squeeze(-1)"),
                 ((), "x.squeeze(0)"), ((), "x.squeeze()")]),
    ("unsqueeze", [((4,3,6,6), "x.unsqueeze(0)"), ((4,3,6,6), "x.unsqueeze(4)"), ((4,3,6,6), "x.unsqueeze(-1)"),
                   ((4,3,6,6), "x.unsqueeze(-3)"), ((), "x.unsqueeze(0)")]),
    ("flatten", [((4,3,6,6), f"x.flatten(start_dim={a})") for a in range(3)] + [((4,3,6,6), f"x.flatten(end_dim={a})") for a in range(3)]
                + [((4,3,6,6), "x.flatten(start_dim=1, end_dim=3)"), ((), "x.flatten()"), ((1,), "x.flatten()")]),
    ("unflatten", [((4,3,6,6), "x.unflatten(0, (2, 2))"), ((4,3,6,6), "x.unflatten(3, (3, 2))"), ((4,3,6,6), "x.unflatten(-1, (3, 2, 1))")]),
    ("diag", [((5,), "x.diag()")]),
    ("diagonal", [((5,5), "x.diagonal()"), ((3,4), "x.diagonal()"), ((4,3), "x.diagonal()"), ((3,3,3), "x.diagonal(dim1=-2, dim2=-1)"),
                  ((4,5,6), "x.diagonal(dim1=-2, dim2=-1)"), ((2,3,4,5), "x.diagonal(dim1=-2, dim2=-1)"), ((5,5), "x.diagonal(offset=1)"),
                  ((5,5), "x.diagonal(offset=-1)"), ((3,5), "x.diagonal(offset=2)")]),
    ("roll", [((2,4), "x.roll(1)"), ((2,4), "x.roll((1,))"), ((0,), "x.roll(1, 0)"), ((2,0,3), "x.roll(1, 0)"), ((2,0,3), "x.roll(1, 1)"),
              ((2,0,3), "x.roll(1)"), ((2,4), "x.roll(1, 0)"), ((2,4), "x.roll(-1, 0)"), ((2,4), "x.roll(shifts=(2, 1), dims=(0, 1))"),
              ((2,4,6), "x.roll(1, 0)"), ((2,4), "x.roll(1, -1)"), ((2,4), "x.roll(-1, -1)"), ((2,4), "x.roll(5, 0)"),
              ((2,4), "x.roll(-5, 0)"), ((2,4,6), "x.roll(shifts=(2, -3), dims=(0, 2))"),
              ((2,4,6), "x.roll(shifts=(1, 2, -1), dims=(0, 1, 2))"), ((2,4), "x.roll(0, 0)"),
              ((2,4,6), "x.roll(shifts=(0, 0), dims=(0, 1))"), ((2,4,6), "x.roll(shifts=(0, 2), dims=(0, 1))")]),
    ("expand", [((4,3,1,6), "x.expand((4,3,2,6))"), ((1,1,1,1), "x.expand((4,3,2,6))"), ((4,3,1,6), "x.expand((6,1,4,3,2,6))"),
                ((4,3,1,6), "x.expand((0,1,4,3,2,6))"), ((4,3,1,6), "x.expand((4,3,0,6))"), ((), "x.expand((4,3,2,6))"),
                ((), "x.expand([])")]),
  ]
  for name, items in cases:
    for s, e in items: op(name, [s], e)
  for d in range(-2, 3):
    op("cat", [(5,6,3)] * 3, f"x.cat(y, z, dim={d})")
  op("cat", [(5,0,3)] * 3, "x.cat(y, z, dim=0)")
  op("cat", [(5,0,3), (5,1,3), (5,2,3)], "x.cat(y, z, dim=1)")
  op("cat", [(5,0,3)] * 3, "x.cat(y, z, dim=1)")
  for d in range(-1, 2):
    op("multicat", [(5,6)] * 3, f"x.cat(y, z, dim={d})")
  for d in range(-1, 3):
    op("stack", [(5,6,3)] * 3, f"Tensor.stack(x, y, z, dim={d})")
    op("stack_tuple", [(5,6,3)] * 3, f"Tensor.stack((x, y, z), dim={d})")
  fwd("stack_scalars", [], "Tensor.stack(Tensor(3.14), Tensor(3.14))")
  op("stack_max", [[1.], [2.]], "Tensor.stack(x, y).max(axis=0)")
  for reps in ([], [4], [2, 1], [3, 2, 2]):
    r = [2, 4, 3] + reps
    op("repeat", [(4, 6, 3)], f"x.repeat({r})")
    op("repeat", [()], f"x.repeat({r})")
  fwd("repeat_zero", [(4, 6, 3)], "x.repeat((2, 0, 4))")
  for e in ("x.repeat_interleave(6)", "x.repeat_interleave(2, 1)", "x.repeat_interleave(2, 0)", "x.repeat_interleave(2, -1)",
            "x.repeat_interleave(2, -2)"):
    op("repeat_interleave", [(3, 3)], e)
  op("simple_repeat", [(3, 3)], "x.repeat([3, 3, 4])")


# ***** nn *****
def conv():
  cases = [
    ("biased_conv2d", [(1,8,5,5), (8,8,1,1), (8,)], "Tensor.conv2d(x,y,z).relu().conv2d(y,z)"),
    ("simple_conv2d", [(1,4,9,9), (4,4,3,3)], "Tensor.conv2d(x,y)"),
    ("simple_conv2d_bias", [(1,4,9,9), (4,4,3,3), (4,)], "Tensor.conv2d(x,y,z)"),
    ("simple_conv3d", [(1,4,5,5,5), (4,4,3,3,3)], "Tensor.conv2d(x,y)"),
    ("padded_conv3d", [(1,4,5,5,5), (4,4,3,3,3)], "Tensor.conv2d(x,y,padding=[1,1,1,1,1,1])"),
    ("simple_conv2d_m4", [(1,16,9,9), (16,16,3,3)], "Tensor.conv2d(x,y)"),
    ("simple_conv2d_1x1", [(1,4,9,9), (4,4,1,1)], "Tensor.conv2d(x,y)"),
    ("simple_conv2d_1x1_m4", [(1,16,16,16), (16,16,1,1)], "Tensor.conv2d(x,y)"),
    ("nested_conv2d", [(1,8,9,9), (8,8,3,3), (8,8,3,3)], "x.conv2d(y).relu().conv2d(z)"),
    ("simple_conv2d_nhwc", [(2,9,9,10), (3,3,10,20)], "Tensor.conv2d(x.permute(0,3,1,2),y.permute(3,2,0,1))"),
    ("simple_conv2d_batched", [(2,4,9,9), (4,4,3,3)], "Tensor.conv2d(x,y)"),
    ("simple_conv_transpose2d", [(2,4,9,9), (4,4,3,3)], "Tensor.conv_transpose2d(x,y)"),
    ("bias_conv_transpose2d", [(2,4,9,9), (4,4,3,3), (4,)], "Tensor.conv_transpose2d(x,y,z)"),
    ("grouped_conv_transpose2d", [(2,4,9,9), (4,4,3,3)], "Tensor.conv_transpose2d(x,y,groups=2)"),
    ("simple_conv_transpose3d", [(2,4,5,5,5), (4,4,3,3,3)], "Tensor.conv_transpose2d(x,y)"),
    ("simple_padding_conv1d", [(6,2,11), (6,2,5)], "Tensor.conv2d(x,y,padding=(1,1))"),
    ("strided_conv1d_simple", [(2,1,5), (1,1,3)], "Tensor.conv2d(x,y,stride=2)"),
    ("simple_grouped_conv2d", [(1,4,1,1), (2,2,1,1)], "Tensor.conv2d(x,y,groups=2)"),
    ("medium_grouped_conv2d", [(1,4,1,1), (4,2,1,1)], "Tensor.conv2d(x,y,groups=2)"),
    ("depthwise_conv2d", [(1,32,8,8), (32,1,1,1)], "Tensor.conv2d(x,y,groups=32)"),
    ("grouped_conv2d", [(2,15,5,5), (35,3,3,3)], "Tensor.conv2d(x,y,groups=5)"),
    ("fancy_conv2d", [(2,3,11,28), (3,1,3,3)], "Tensor.conv2d(x,y,groups=3)"),
    ("strided_conv2d_simple", [(2,1,5,1), (1,1,3,1)], "Tensor.conv2d(x,y,stride=2)"),
    ("strided_conv2d", [(2,3,11,28), (4,3,3,3)], "Tensor.conv2d(x,y,stride=2)"),
    ("strided_conv2d", [(2,3,11,28), (4,3,3,3)], "Tensor.conv2d(x,y,stride=(2,1))"),
    ("negative_padding_conv2d", [(1,1,10,10), (1,1,3,3)], "Tensor.conv2d(x,y,padding=-1)"),
    ("negative_padding_conv2d", [(1,1,10,10), (1,1,3,3)], "Tensor.conv2d(x,y,padding=(-1,0,-1,0))"),
    ("simple_padding_conv2d", [[[[[2., 3.]]]], [[[[1.]]]]], "Tensor.conv2d(x,y,padding=(1,1,1,1))"),
    ("padded_conv2d_p21", [(2,3,11,28), (4,3,3,3)], "Tensor.conv2d(x,y,padding=(2,1))"),
    ("padded_conv2d_p22", [(2,3,11,28), (4,3,3,3)], "Tensor.conv2d(x,y,padding=(2,2))"),
    ("padded_conv2d_1x1", [(2,3,11,28), (4,3,1,1)], "Tensor.conv2d(x,y,padding=2)"),
    ("padded_conv2d_bs1", [(1,3,11,28), (4,3,3,3)], "Tensor.conv2d(x,y,padding=1)"),
    ("large_input_conv2d", [(1,16,32,32), (6,16,5,2)], "Tensor.conv2d(x,y)"),
  ]
  for name, shapes, e in cases: op(name, shapes, e)
  for p in ("(1,2)", "(2,1)", "2", "1", "0"):
    op("padded_conv_transpose2d", [(2,4,9,9), (4,4,3,3)], f"Tensor.conv_transpose2d(x,y,padding={p})")
  for d in ("(1,2)", "(2,1)", "2", "1"):
    op("dilated_conv_transpose2d", [(2,4,9,9), (4,4,3,3)], f"Tensor.conv_transpose2d(x,y,dilation={d})")
  for s in ("(2,1)", "(1,2)", "1"):
    op("strided_conv_transpose2d", [(2,4,4,5), (4,4,3,3)], f"Tensor.conv_transpose2d(x,y,stride={s})")
  for opad, s in (("(1,1)", "(2,3)"), ("(2,1)", "(3,2)")):
    op("output_padded_conv_transpose2d", [(2,4,6,5), (4,4,3,3), (4,)], f"Tensor.conv_transpose2d(x,y,z,output_padding={opad},stride={s})")
  for bs in (1, 8):
    for cin in (1, 3):
      for H in (1, 2, 5):
        for g in ((1, 3) if cin == 3 and H == 5 else (1,)):
          op(f"conv1d_bs{bs}_cin{cin}_h{H}_g{g}", [(bs,cin,11), (6,cin//g,H)], f"Tensor.conv2d(x,y,groups={g})")
  for p in ("(0,1)", "(2,1)", "(2,0)"):
    for n in (3, 4):
      op("asymmetric_padding_conv1d", [(1,1,n), (1,1,2)], f"Tensor.conv2d(x,y,padding={p})")
  for p in ("(0,1,0,1)", "(2,1,2,1)", "(2,0,2,1)"):
    for n in (3, 4):
      op("asymmetric_padding_conv2d", [(1,1,n,n), (1,1,2,2)], f"Tensor.conv2d(x,y,padding={p})")
  for cin in (3, 1):
    for H in (2, 3):
      for W in (1, 3, 5):
        for g in ((1, 3) if cin == 3 and H == 3 and W == 3 else (1,)):
          op(f"conv2d_cin{cin}_h{H}_w{W}_g{g}", [(1,cin,5,7), (6,cin//g,H,W)], f"Tensor.conv2d(x,y,groups={g})")
  for d in ("2", "(2,1)"):
    op("dilated_conv2d", [(2,3,11,28), (4,3,3,3)], f"Tensor.conv2d(x,y,dilation={d})")


def pools():
  op("max_pool2d_simple", [(1,1,2,3)], "Tensor.max_pool2d(x, kernel_size=(2,2))")
  shape = (2,2,11,28)
  for k in ("2", "(3,3)", "(3,2)", "(5,5)", "(5,1)"):
    op("max_pool2d", [shape], f"Tensor.max_pool2d(x, kernel_size={k})")
    op("avg_pool2d", [shape], f"Tensor.avg_pool2d(x, kernel_size={k})")
  op("avg_pool2d", [(1,1,8,8)], "Tensor.avg_pool2d(x, kernel_size=(1,2), padding=(0,1), stride=(5,1))")
  for k in ("(3,3)", "2", "(3,2)"):
    for p in ("1", "(1,0)", "(0,1)"):
      op("max_pool2d_padding", [shape], f"Tensor.max_pool2d(x, kernel_size={k}, padding={p})")
      op("avg_pool2d_padding", [shape], f"Tensor.avg_pool2d(x, kernel_size={k}, padding={p})")
    op("avg_pool2d_padding_not_counted", [shape], f"Tensor.avg_pool2d(x, kernel_size={k}, padding=1, count_include_pad=False)")
  for p in ("(0,1,0,1)", "(2,1,2,1)", "(2,0,2,1)"):
    op("max_pool2d_asymmetric_padding", [(2,2,21,28)], f"Tensor.max_pool2d(x, kernel_size=(5,5), padding={p})")
  op("avg_pool2d_asymmetric_padding", [shape], "Tensor.avg_pool2d(x, kernel_size=(5,5), padding=1)")
  fwd("max_pool2d_padding_int", [shape], "Tensor.max_pool2d(x.int(), kernel_size=(2,2), padding=1)", low=-20, high=20)
  for s in ("(2,3)", "(3,2)", "2", "3"):
    op("max_pool2d_bigger_stride", [shape], f"Tensor.max_pool2d(x, kernel_size=(2,2), stride={s})")
  for s, d in (("(2,3)", "(3,2)"), ("(3,2)", "(2,3)"), ("2", "2"), ("3", "3"), ("4", "6")):
    op("max_pool2d_bigger_stride_dilation", [shape], f"Tensor.max_pool2d(x, kernel_size=(2,2), stride={s}, dilation={d})")
  op("max_pool2d_unit_stride", [(3,2,17,14)], "Tensor.max_pool2d(x, kernel_size=(5,5), stride=1)")
  for s in ("(2,3)", "(3,2)", "2", "3"):
    op("max_pool2d_smaller_stride", [(3,2,17,14)], f"Tensor.max_pool2d(x, kernel_size=(5,5), stride={s})")
  for d in ("(2, 3)", "(3, 2)", "2", "3"):
    op("max_pool2d_dilation", [(3,2,17,14)], f"Tensor.max_pool2d(x, kernel_size=(5,5), dilation={d})")
  for k in ("(3,3)", "(3,2)", "4"):
    op("max_pool2d_ceil_mode", [(1,1,6,6)], f"Tensor.max_pool2d(x, kernel_size={k}, padding=1, stride=3, ceil_mode=True)")
    op("avg_pool2d_ceil_mode", [(1,1,6,6)], f"Tensor.avg_pool2d(x, kernel_size={k}, padding=1, stride=3, ceil_mode=True)")
    op("avg_pool2d_ceil_mode_padding_not_counted", [(1,1,6,6)],
       f"Tensor.avg_pool2d(x, kernel_size={k}, padding=1, stride=3, ceil_mode=True, count_include_pad=False)")
  op("max_pool2d_ceil_mode_output_size_reduce_by_one", [(1,1,5,5)], "Tensor.max_pool2d(x, kernel_size=(3,3), stride=3, padding=1, ceil_mode=True)")
  op("avg_pool2d_ceil_mode_output_size_reduce_by_one", [(1,1,5,5)], "Tensor.avg_pool2d(x, kernel_size=(3,3), stride=3, padding=1, ceil_mode=True)")
  op("avg_pool2d_ceil_mode_include_pad_output_size_reduce_by_one", [(1,1,5,5)],
     "Tensor.avg_pool2d(x, kernel_size=(3,3), stride=3, padding=1, ceil_mode=True, count_include_pad=True)")
  op("global_avg_pool2d", [shape], "Tensor.avg_pool2d(x, kernel_size=(11,28))")
  fwd("avg_pool3d", [(1,1,16,16,16)], "Tensor.avg_pool2d(x, kernel_size=(8,8,8), stride=5, padding=1, count_include_pad=False)")
  for s, args in [((2,3,6,6), "kernel_size=(2,2)"), ((1,1,10,10), "kernel_size=(3,2), dilation=(2,3)"), ((1,1,5,5), "kernel_size=(3,3), padding=1"),
                  ((1,1,7,7), "kernel_size=(2, 2), stride=(2, 2), ceil_mode=True"), ((1,1,12,13), "kernel_size=(12, 13)")]:
    fwd("max_pool2d_return_indices", [s], f"Tensor.max_pool2d(x, {args}, return_indices=True)[1]")
  fwd("max_pool2d_return_indices_ties", [[[[[1]*6]*6]], [[[[1,2]*3]*6]]],
      ["Tensor.max_pool2d(x, kernel_size=(3,3), stride=1, return_indices=True)[1]",
       "Tensor.max_pool2d(y, kernel_size=(2,2), stride=1, return_indices=True)[1]"])
  fwd("max_unpool2d", [(2,3,20,20)], "Tensor.max_unpool2d(*Tensor.max_pool2d(x, return_indices=True, kernel_size=(5,5), stride=(6,5)), kernel_size=(5,5), stride=(6,5))")
  fwd("max_unpool2d", [(2,3,30,30)], "Tensor.max_unpool2d(*Tensor.max_pool2d(x, return_indices=True, kernel_size=(3,3), stride=(6,7), padding=1), kernel_size=(3,3), stride=(6,7), padding=1, output_size=(30,30))")
  fwd("max_unpool2d", [(1,3,7,6)], "Tensor.max_unpool2d(*Tensor.max_pool2d(x, kernel_size=(2,2), return_indices=True), kernel_size=(2,2), output_size=(99,99,7,6))")
  fwd("max_unpool2d_inf", [[[[[INF, -INF, NAN], [1.0, 2.0, 3.0]]]]], "Tensor.max_unpool2d(*Tensor.max_pool2d(x, kernel_size=(2,2), return_indices=True), kernel_size=(2,2))")


def interpolate():
  for mode, extra in (("linear", ""), ("linear", ", align_corners=True")):
    tag = "interpolate_linear" + ("_corners_aligned" if extra else "")
    for i, o in (((52,), (29,)), ((29,), (52,))):
      op(tag, [(2,3) + i], f"Tensor.interpolate(x, size={o}, mode='linear'{extra})")
    for i, o in (((12,20), (9,31)), ((12,9), (31,20)), ((9,31), (20,12))):
      op(tag.replace("linear", "bilinear"), [(2,3) + i], f"Tensor.interpolate(x, size={o}, mode='linear'{extra})")
    op(tag.replace("linear", "trilinear"), [(2,3,5,2,8)], f"Tensor.interpolate(x, size=(3,6,4), mode='linear'{extra})")
  for mode in ("nearest", "nearest-exact"):
    tag = "interpolate_" + mode.replace("-", "_")
    for i, o in (((13,), (9,)), ((9,), (13,)), ((13,10), (9,11)), ((13,9), (11,10)), ((9,11), (10,13)), ((5,2,8), (3,6,4))):
      op(tag, [(2,3) + i], f"Tensor.interpolate(x, size={o}, mode={mode!r})")


def attention():
  op("scaled_dot_product_attention", [(2,2,8,16)] * 3, "Tensor.scaled_dot_product_attention(x, y, z)")
  op("scaled_dot_product_attention_mask", [(2,2,8,16)] * 3 + [(2,2,8,8)], "Tensor.scaled_dot_product_attention(x, y, z, attn_mask=w)")
  op("scaled_dot_product_attention_mismatch_ls", [(2,2,4,16), (2,2,8,16), (2,2,8,16)], "Tensor.scaled_dot_product_attention(x, y, z)")
  op("scaled_dot_product_attention_causal", [(2,2,8,16)] * 3, "Tensor.scaled_dot_product_attention(x, y, z, is_causal=True)")
  op("scaled_dot_product_attention_gqa", [(2,8,8,16), (2,2,8,16), (2,2,8,16)], "Tensor.scaled_dot_product_attention(x, y, z, enable_gqa=True)")


def losses():
  classes32 = [(i * 7 + 3) % 10 for i in range(32)]
  classes12 = [(i * 3 + 1) % 10 for i in range(12)]
  op("binary_crossentropy", [(8,10), (8,10)], "x.sigmoid().binary_crossentropy(y.clip(0,1))")
  op("binary_crossentropy", [(8,10), (8,10)], "x.binary_crossentropy_logits(y.clip(0,1))")
  for r in ("mean", "sum", "none"):
    op(f"binary_crossentropy_{r}", [(8,10), (8,10)], f"x.sigmoid().binary_crossentropy(y.clip(0,1), reduction={r!r})")
    op(f"binary_crossentropy_logits_{r}", [(8,10), (8,10)], f"x.binary_crossentropy_logits(y.clip(0,1), reduction={r!r})")
  op("binary_crossentropy_logits_pos_weights", [(8,10), (8,10), [0.25, 0.5, 0.75, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]],
     "x.binary_crossentropy_logits(y.clip(0,1), pos_weight=z)", no_grad=["z"])
  for s in ((32,), (8,10), (4,4,4,4)):
    op("cross_entropy_class_probabilities", [s, s], "x.cross_entropy(y)")
  op("cross_entropy_class_indices", [(32,10)], f"x.cross_entropy(Tensor({classes32}))")
  for r in ("mean", "sum", "none"):
    op(f"cross_entropy_{r}", [(8,10), (8,10)], f"x.cross_entropy(y, reduction={r!r})")
  for ls in (0., 0.3, 0.7, 1.):
    op(f"cross_entropy_smoothing_{str(ls).replace('.', 'p')}", [(8,10), (8,10)], f"x.cross_entropy(y, label_smoothing={ls})")
    op(f"cross_entropy_smoothing_indices_{str(ls).replace('.', 'p')}", [(32,10)], f"x.cross_entropy(Tensor({classes32}), label_smoothing={ls})")
  op("sparse_categorical_crossentropy", [(12,10)], f"x.sparse_categorical_crossentropy(Tensor({classes12}))")
  op("sparse_categorical_crossentropy", [(12,10)],
     f"x.sparse_categorical_crossentropy(Tensor({classes12}), reduction='mean', ignore_index={classes12[0]}, label_smoothing=0.3)")
  op("sparse_categorical_crossentropy", [(3,12,10)], f"x.sparse_categorical_crossentropy(Tensor({[classes12, classes12[::-1], classes12[3:] + classes12[:3]]}))")
  for r in ("mean", "sum", "none"):
    op(f"sparse_categorical_crossentropy_{r}", [(12,10)], f"x.sparse_categorical_crossentropy(Tensor({classes12}), reduction={r!r})")
  for i in (-1, 0, 3):
    op(f"sparse_categorical_crossentropy_ignore_index_{i}".replace("-", "m"), [(12,10)],
       f"x.sparse_categorical_crossentropy(Tensor({[0, 1, 2, 3] * 3}), ignore_index={i})")
  for s in (0.3, 0.9):
    op(f"sparse_categorical_crossentropy_label_smoothing_{str(s).replace('.', 'p')}", [(12,10)],
       f"x.sparse_categorical_crossentropy(Tensor({classes12}), label_smoothing={s})")
  target3d = f"Tensor([(i * 7 + 3) % 10 for i in range(32*27)]).reshape(32,3,3,3)"
  weight = [0.5, -1.2, 0.3, 1.7, -0.4, 0.9, 1.1, -0.8, 0.2, 1.4]
  op("nll_loss", [(32,10)], f"x.log_softmax(axis=1).nll_loss(Tensor({classes32}))")
  op("nll_loss_3d", [(32,10,3,3,3)], f"x.log_softmax(axis=1).nll_loss({target3d})")
  for r in ("mean", "sum", "none"):
    op(f"nll_loss_{r}", [(32,10)], f"x.log_softmax(axis=1).nll_loss(Tensor({classes32}), reduction={r!r})")
    op(f"nll_loss_weight_{r}", [(32,10)], f"x.log_softmax(axis=1).nll_loss(Tensor({classes32}), Tensor({weight}), reduction={r!r})")
    op(f"nll_loss_3d_weight_{r}", [(32,10,3,3,3)], f"x.log_softmax(axis=1).nll_loss({target3d}, Tensor({weight}), reduction={r!r})")
  op("nll_loss_ignore_index", [[[2.0, 0.5, -1.0], [1.5, 2.5, -0.5], [0.0, -2.0, 1.0]]], "x.log_softmax().nll_loss(Tensor([0, 1, 2]), ignore_index=1)")
  fwd("one_hot", [], ["Tensor([1, 2, 4]).one_hot(6)", "Tensor([[[1, 2, 3], [0, 3, 5]], [[1, 2, 3], [0, 3, 5]]]).one_hot(8)"])


def casts():
  op("cast", [(3, 3)], "x.float()")
  fwd("cast_int_float", [[0, 1, 2, 3], [True, False]], ["x.float()", "y.float()"])
  fwd("cast", [(3, 3)], ["x.int()", "x.bool()"])
  fwd("bitcast", [(3, 3)], "x.bitcast(dtypes.int32)")
  fwd("uint8_cast", [(2,3,8,8)], "x.cast('uint8')", low=0, high=255)
  fwd("uint8_cast_relu", [(2,3,8,8)], "x.relu().cast('uint8')")
  for mode in ("linear", "nearest", "nearest-exact"):
    fwd(f"uint8_interpolate_{mode.replace('-', '_')}", [(2,3,32,32)], f"Tensor.interpolate((10*x).relu().cast('uint8'), size=(10, 10), mode={mode!r})")
  fwd("uint8_min", [[[0, 1, 2], [3, 4, 5]], [0, 128, 255, 64, 32, 16]], ["x.cast(dtypes.uint8).min()", "y.cast(dtypes.uint8).min()"])


def _grouped(entries, most=6):
  """consecutive cases of one test (same name, bounds and gradient flag) share a program, up to
  `most` cases; each case keeps its own inputs (x, y, ... then x1, y1, ... and so on)"""
  out = []
  for e in entries:
    prev = out[-1] if out else None
    key = lambda d: (d["name"], d["low"], d["high"], d["pre"], d["grad"], d["no_grad"])
    case = (e["inputs"], e["expr"])
    if prev is not None and key(prev) == key(e) and len(prev["cases"]) < most: prev["cases"].append(case)
    else: out.append(dict(e, cases=[case]))
  return out


def entries():
  if not _E:
    for section in (creation, compare, rounding, tri, minmax, arith, powers, bitwise, unary, scans, matmul, reductions, broadcast,
                    slicing, padding, movement, conv, pools, interpolate, attention, losses, casts):
      section()
  grouped = _grouped(_E)
  counts, seen = {}, {}
  for e in grouped: counts[e["name"]] = counts.get(e["name"], 0) + 1
  out = []
  for e in grouped:
    n = e["name"]
    if counts[n] > 1:
      seen[n] = seen.get(n, 0) + 1
      e = dict(e, name=f"{n}_{seen[n]}")
    out.append(e)
  names = [e["name"] for e in out]
  assert len(names) == len(set(names)), "duplicate program names"
  return out
