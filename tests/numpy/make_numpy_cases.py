#!/usr/bin/env python3
"""Writes numpy_cases.h: small programs that use numpy, each with the text it
prints under real numpy (test_numpy.cpp runs them through uopscope's numpy and
compares). Run with Debian's python3-numpy (1.24):

    /usr/bin/python3 make_numpy_cases.py > numpy_cases.h

Each body runs after `import numpy as np`, in its own process.
"""
import subprocess, sys

CASES = [
  # text
  ("repr float", "print(repr(np.array([1., 2.])), repr(np.array([1., 2.], dtype=np.float32)))\nprint(repr(np.array([1., 2.5])), repr(np.array([0.1, 0.2, 0.30000000000000004], dtype=np.float32)))\nprint(repr(np.array([-1.5, 3.25, 100.0])))"),
  ("str float", "print(np.array([1., 2.]))\nprint(np.array([[1.5, 2], [3, 4]], dtype=np.float32))\nprint(np.array([1/3, 2/3]))\nprint(np.array([-0.5, 0.25]))"),
  ("scientific", "print(repr(np.array([1e-5, 1.])))\nprint(repr(np.array([1.5e-5, 1.])))\nprint(repr(np.array([1e10, 1])))\nprint(np.array([1e-20, 2.5e3, -7]))\nprint(repr(np.array([1e8, 2e8], dtype=np.float32)))"),
  ("non-finite", "print(repr(np.array([np.nan, 1., -np.inf])))\nprint(np.array([np.inf, 2.5]))\nprint(repr(np.array([np.nan, np.nan])))"),
  ("ints and bools", "print(repr(np.array([1, 2, 300])), repr(np.array([1, -2], dtype=np.int32)), repr(np.array([7, 255], dtype=np.uint8)))\nprint(np.array([[1, -20], [300, 4]]))\nprint(repr(np.array([True, False])), np.array([True, True]))"),
  ("nested", "print(repr(np.array([[1, 2], [3, 4]])))\nprint(repr(np.arange(12).reshape(2, 3, 2)))\nprint(np.arange(12.).reshape(2, 3, 2))\nprint(repr(np.zeros((2, 2), dtype=np.float32)))"),
  ("wrapping", "print(repr(np.arange(30.) / 7))\nprint(np.arange(30.) / 7)\nprint(repr(np.arange(40, dtype=np.int32)))\nprint(repr(np.linspace(0, 1, 23, dtype=np.float32)))"),
  ("summarised", "print(repr(np.arange(2000)))\nprint(np.arange(3000.).reshape(1000, 3))\nprint(np.zeros((40, 40), dtype=np.int32))"),
  ("empty and 0-d", "print(repr(np.zeros(0)), repr(np.zeros(0, dtype=np.int64)), repr(np.zeros((2, 0))))\nprint(repr(np.array(3.5, dtype=np.float32)), np.array(3.5), repr(np.array(7)))\nprint(np.zeros(0))"),
  ("scalars", "f = np.float32(0.1)\nprint(f, repr(f), np.float64(2.5), np.int32(7), np.float32(1e-5), np.float32(3))\nprint(type(f).__name__, f.dtype, np.float32(1.5) + 1.0, np.float32(1.5) * np.float32(2))\nprint(np.array([1, 2], dtype=np.float32).sum(), np.array([1, 2]).sum(), np.array([1, 2], dtype=np.int32).mean())\nprint(f'{np.float32(2.5):.3f}', f'{np.int64(42):>5}', np.bool_(True))"),
  ("percent formatting of scalars", "x = np.float32(1.5)\nn = np.int64(12)\nprint('%g %.3f %s %5.1f|%-6g|' % (x, x, x, np.float64(2.25), np.float32(0.1)), '%d %x %03d' % (n, n, np.int32(7)), '{:g}'.format(x))"),
  ("dtypes", "a = np.zeros(2, dtype=np.float32)\nprint(a.dtype, repr(a.dtype), a.dtype == np.float32, a.dtype == 'float32', a.dtype == np.float64, np.float32)\nprint(np.zeros(2, dtype='int32').dtype, np.zeros(2, dtype=int).dtype, np.zeros(2, dtype=float).dtype, np.zeros(2, dtype=bool).dtype, np.dtype('uint8'))\nprint(a.dtype.name, a.dtype.itemsize, a.itemsize, np.dtype(np.int32) == np.int32)"),
  # arithmetic
  ("promotion", "i32 = np.array([1, 2], dtype=np.int32)\nf32 = np.array([1, 2], dtype=np.float32)\nu8 = np.array([250, 3], dtype=np.uint8)\nfor r in [f32 * np.float64(2), i32 + 2, i32 * 2.5, f32 / 2, np.array([1, 2]) / 2, i32 // 2, f32 + i32, f32 + u8, u8 + 10, i32 + np.array([1, 2]), np.array([True]) + np.array([True]), f32 + np.array(2.0), np.array([1, 2]) + np.int32(2)]:\n  print(repr(r))"),
  ("operators", "a = np.array([-3, -1, 0, 2, 7])\nb = np.array([2, 2, 3, -2, 4])\nprint(a // b, a % b, a ** 2, -a, abs(a), a & 3, a | 8, a ^ 1, ~a)\nx = np.array([-3.5, -1., 0.5, 2., 7.25])\ny = np.array([2., 2., 3., -2., 4.])\nprint(x // y, x % y, x ** 2, x / y)\nprint(a < 1, a == b, x >= y, a != 0)"),
  ("broadcasting", "a = np.arange(6).reshape(2, 3)\nprint(a + np.array([10, 20, 30]))\nprint(a * np.array([[1], [2]]))\nprint(np.arange(3)[:, None] - np.arange(4)[None, :])\nprint(2 - a, 1 / (a + 1))"),
  ("in place", "a = np.zeros(3, dtype=np.float32)\na += 1.5\na *= np.array([1, 2, 3])\nprint(repr(a))\nb = np.arange(4)\nb -= 1\nb[1:3] += 10\nprint(b)\nc = b\nc += 1\nprint(b)"),
  # reductions
  ("reductions", "a = np.arange(12).reshape(3, 4)\nprint(a.sum(), a.sum(axis=0), a.sum(axis=1), a.sum(axis=-1, keepdims=True))\nprint(a.mean(), a.mean(axis=0), a.max(), a.max(axis=1), a.min(axis=0), a.argmax(), a.argmax(axis=0), a.argmin(axis=1))\nprint(np.sum(a, axis=1), np.mean(a), np.argmax(np.array([1, 5, 5, 2])), np.max(a), a.prod(axis=1), a.any(), (a > 5).all(axis=1))"),
  ("float32 sums", "x = np.arange(1000, dtype=np.float32) * np.float32(0.1)\nprint(x.sum(), x.mean(), x.reshape(10, 100).sum(axis=1), x.reshape(100, 10).sum(axis=0)[:3])\ny = (np.arange(20000) % 7).astype(np.float32) / 3\nprint(y.sum(), y.mean(), np.arange(20000).mean(), (np.arange(20001) * 0.37).sum())"),
  ("normalising", "np.random.seed(2)\nX = np.random.randn(50, 3).astype(np.float32) * 4 + 1\nprint(X.std(), X.var(), X.std(axis=0), X.mean(axis=0))\nZ = (X - X.mean(axis=0)) / X.std(axis=0)\nprint(Z[:2], Z.std(axis=0), np.std(np.arange(10)), np.var(np.arange(12).reshape(3, 4), axis=1, ddof=1), np.arange(6).std(keepdims=True))"),
  # shapes
  ("shapes", "a = np.arange(6)\nb = a.reshape(2, 3)\nprint(b.shape, b.ndim, b.size, len(b), b.T, b.T.shape, a.reshape(-1, 2).shape, a.reshape((3, -1)).shape)\nc = np.arange(24).reshape(2, 3, 4)\nprint(c.transpose(1, 0, 2).shape, c.transpose().shape, np.transpose(c, (2, 0, 1))[1], c.flatten()[:5], c.ravel().shape)"),
  ("concatenate stack", "a = np.array([[1, 2], [3, 4]])\nb = np.array([[5, 6]])\nprint(np.concatenate([a, b]), np.concatenate((a, a), axis=1))\nprint(np.stack([a, a]), np.stack([a[0], b[0]], axis=1), np.stack((np.arange(3), np.ones(3))).dtype)\nprint(repr(np.concatenate([np.zeros(2, dtype=np.float32), np.ones(1, dtype=np.float32)])))"),
  ("indexing", "a = np.arange(24).reshape(4, 6)\nprint(a[1], a[-1, 2], a[1:3, ::2], a[:, 1], a[..., -1], a[None, 0].shape, a[::-1, 0])\nprint(a[[0, 2]], a[[3, 0, 3], 1:3], a[:, np.array([5, 0])], a[a % 5 == 0], a[np.array([True, False, True, False])])\nprint(type(a[0, 0]).__name__, a[0, 0] + 1, a[1][2], a[2:][0])"),
  ("setitem", "a = np.zeros((3, 4), dtype=np.int32)\na[0] = 5\na[1, 1:3] = [7, 8]\na[:, -1] = np.arange(3)\na[a == 0] = -1\nprint(a)\na[2][0] = 99\nrow = a[1]\nrow[0] = 42\nprint(a)\nb = np.arange(5.)\nb[[0, 4]] = 9\nb[1:3] *= 2\nprint(b)"),
  # creation and math
  ("creation", "print(np.zeros(3), np.ones((2, 2), dtype=np.int32), np.full((2,), 7), np.full(2, 1.5), np.full((1, 2), True), np.empty(2).shape)\nprint(np.arange(5), np.arange(2, 8, 2), np.arange(0, 1, 0.25), np.arange(3, dtype=np.float32), np.arange(5, 0, -2), np.arange(0.5, 3))\nprint(np.linspace(0, 1, 5), np.linspace(0, 1, 4, endpoint=False), np.eye(3), np.eye(2, 3, k=1, dtype=np.int32))\nprint(np.zeros_like(np.ones(2, dtype=np.int32)), np.ones_like(np.zeros((1, 2))), np.full_like(np.zeros(2), 3))"),
  ("from lists", "print(repr(np.array([1, 2.5])), repr(np.array([[1, 2], [3, 4]], dtype=np.float32)), repr(np.array([True, 2])), repr(np.array((1, 2))))\nprint(repr(np.asarray([1, 2], dtype=np.uint8)), repr(np.array([np.float32(1), np.float32(2)])), repr(np.array([np.arange(2), np.arange(2)])))\na = np.arange(3)\nprint(np.asarray(a) is a, np.array(a) is a)"),
  ("math functions", "x = np.array([0.5, 1., 4.])\nprint(np.exp(x), np.log(x), np.sqrt(x), np.abs(np.array([-1, 2])), np.absolute(-x), np.tanh(x))\nprint(np.maximum(x, 1), np.minimum(np.array([1, 5]), np.array([3, 2])), np.maximum(0, np.array([-1.5, 2])), np.where(x > 0.7, x, -1), np.where(np.array([True, False]), 1, 2.5))\nprint(np.clip(np.arange(6), 1, 4), np.clip(x, None, 1), np.allclose(x, x + 1e-9), np.allclose(x, x + 1e-3), np.allclose([1, 2], [1, 2]))\nprint(repr(np.sqrt(np.array([0.5, 2.], dtype=np.float32))), repr(np.sqrt(np.array([2, 3], dtype=np.int32))), np.exp(1.0), np.sqrt(np.float32(2)))"),
  ("matmul", "a = np.arange(6).reshape(2, 3)\nb = np.arange(12).reshape(3, 4)\nprint(a @ b, np.dot(a, b[:, 0]), np.matmul(np.arange(3), b), np.dot(np.arange(3), np.arange(3)))\nw = np.array([[0.5, -1.0], [2.0, 0.25]], dtype=np.float32)\nprint(repr(np.ones((1, 2), dtype=np.float32) @ w), repr(np.array([1, 2]) @ np.array([0.5, 0.25])))"),
  ("conversions", "a = np.array([[1.5, 2], [3, 4]], dtype=np.float32)\nprint(a.tolist(), a[0].tolist(), np.array([True]).tolist(), np.arange(3).tolist(), a[0, 0].item(), a.sum().item(), np.array([[7]]).item())\nprint(float(a[1, 1]), int(a[0, 0]), int(np.array(3.9)), float(np.array([2.5])), len(a), [r.tolist() for r in a], a.astype(np.int32), a.astype('float64').dtype)\nfor row in np.arange(6).reshape(3, 2):\n  print(row, row.sum())\nprint(list(range(np.int64(3))), [10, 20, 30][np.int32(1)], round(float(np.float32(2.675)), 2))"),
  # random: legacy
  ("seed rand", "for s in [0, 42, 1337, 4294967295]:\n  np.random.seed(s)\n  print(np.random.rand(), np.random.rand(3).tolist(), np.random.random((2,)).tolist(), np.random.random_sample())"),
  ("seed randn", "for s in [0, 7, 2024]:\n  np.random.seed(s)\n  print(repr(np.random.randn()), np.random.randn(5).tolist(), np.random.standard_normal(2).tolist())\n  np.random.seed(s)\n  print(np.random.randn(2, 2).tolist())"),
  ("seed randint", "for s in [0, 3, 99]:\n  np.random.seed(s)\n  print(np.random.randint(10), np.random.randint(5, size=6).tolist(), np.random.randint(-3, 3, size=(2, 3)).tolist(), np.random.randint(0, 2**32, size=3).tolist(), np.random.randint(0, 2**40, size=3).tolist(), np.random.randint(1, 2), np.random.randint(0, 1000, dtype=np.int32))\n  print(repr(np.random.randint(0, 100, size=4, dtype=np.int32)), np.random.randint(2**31 - 5, 2**31 + 5, size=3).tolist(), np.random.randint(0, 2**32 - 1, size=2).tolist())"),
  ("seed uniform normal", "for s in [0, 11]:\n  np.random.seed(s)\n  print(np.random.uniform(), np.random.uniform(-2, 3, size=3).tolist(), np.random.normal(), np.random.normal(5, 0.5, size=(3,)).tolist(), np.random.uniform(1, 2, (1, 2)).tolist())"),
  ("seed permutation shuffle choice", "np.random.seed(5)\nprint(np.random.permutation(10), np.random.permutation(np.arange(5) * 2), np.random.permutation([1.5, 2.5, 3.5]))\nx = list(range(8))\nnp.random.shuffle(x)\nprint(x)\na = np.arange(12).reshape(4, 3)\nnp.random.shuffle(a)\nprint(a)\nprint(np.random.choice(5), np.random.choice(10, 4), np.random.choice([1.5, 2.5], 3), np.random.choice(6, 3, replace=False), np.random.choice(4, 5, p=[0.1, 0.2, 0.3, 0.4]))\nprint(np.random.choice(3, (2, 2)), np.random.permutation(300)[:6], np.random.rand())"),
  # random: Generator
  ("default_rng", "for s in [0, 42, 12345, 2**40 + 7]:\n  g = np.random.default_rng(s)\n  print(g.random(), g.random(3).tolist(), g.integers(10), g.integers(5, size=5).tolist(), g.integers(-4, 4, size=(2, 2)).tolist(), g.integers(0, 2**40, size=2).tolist(), g.integers(1, 6, endpoint=True), g.uniform(-1, 1, size=2).tolist())\n  print(g.permutation(8), g.random((1, 2)).tolist(), type(g.integers(3)).__name__)"),
  ("default_rng shuffle", "g = np.random.default_rng(3)\na = np.arange(10)\ng.shuffle(a)\nprint(a, g.permutation(np.arange(6).reshape(3, 2)))"),
]

def run(body):
  r = subprocess.run([sys.executable, "-c", "import numpy as np\n" + body], capture_output=True, text=True)
  if r.returncode != 0: sys.exit(f"{body}\n{r.stderr[-2000:]}")
  return r.stdout

def cpp(text):
  return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'

print("// Generated by make_numpy_cases.py with numpy 1.24 (Debian's python3-numpy): do not edit.")
print("// Each program runs after `import numpy as np`; expected is what numpy printed.")
print("#pragma once\n\nnamespace numpycases {\n\nstruct Case {\n  const char* name;\n  const char* source;\n  const char* expected;\n};\n")
print("inline constexpr Case kCases[] = {")
for name, body in CASES:
  print(f"    {{{cpp(name)},\n     {cpp(body)},\n     {cpp(run(body))}}},")
print("};\n\n} // namespace numpycases")
