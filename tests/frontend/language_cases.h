// Programs in the language users write models in (classes, dicts, keyword
// arguments, formatting, with blocks, annotations) and what CPython 3.11
// prints for each. A header of its own: moc reads the test's .cpp, and
// `class` inside its raw strings would confuse it.
#pragma once

namespace languagecases {

struct Case {
  const char* name;
  const char* source;
  const char* expected;
};

inline constexpr Case kCases[] = {
    {"class basics", R"py(class Counter:
    start = 10
    def __init__(self, step=1):
        self.step = step
        self.n = Counter.start
    def tick(self, times=1):
        for _ in range(times):
            self.n += self.step
        return self.n
c = Counter(step=2)
print(c.tick(), c.tick(times=3), c.n, c.start, Counter.start)
Counter.start = 0
print(Counter(5).tick(), c.start, Counter().n)
t = c.tick
print(t(), t.__name__, c.__class__.__name__, type(c).__name__, type(c) is Counter, Counter.__name__)
c.start = 7
print(c.start, Counter.start, Counter.tick(c), callable(c), callable(Counter), callable(t))
)py",
     R"out(12 18 18 10 10
5 0 0
20 tick Counter Counter True Counter
7 0 22 False True True
)out"},
    {"inheritance and super", R"py(class Base:
    kind = "base"
    def __init__(self, a):
        self.a = a
    def describe(self):
        return f"{self.kind}:{self.a}"
    def twice(self):
        return self.describe() * 2
class Child(Base):
    kind = "child"
    def __init__(self, a, b):
        super().__init__(a)
        self.b = b
    def describe(self):
        return super().describe() + f"/{self.b}"
class GrandChild(Child):
    def __init__(self):
        super().__init__(1, 2)
class Plain:
    def __init__(self):
        super().__init__()
        self.ok = True
x = GrandChild()
print(x.describe(), x.twice(), isinstance(x, Base), isinstance(x, Child), isinstance(Base(0), Child))
print(isinstance(x, (int, Base)), isinstance(3, object), isinstance(x, object), Base.describe(x), Plain().ok)
print(super(Child, x).describe(), hasattr(x, "b"), hasattr(x, "zz"), getattr(x, "zz", 7), getattr(x, "a"))
setattr(x, "zz", 9)
print(x.zz, x.kind, GrandChild.kind, Base.kind)
)py",
     R"out(child:1/2 child:1/2child:1/2 True True False
True True True child:1 True
child:1 True False 7 1
9 child child base
)out"},
    {"dunder methods", R"py(class Vec:
    def __init__(self, *xs):
        self.xs = list(xs)
    def __add__(self, o):
        return Vec(*[a + b for a, b in zip(self.xs, o.xs)])
    def __mul__(self, k):
        return Vec(*[a * k for a in self.xs])
    def __rmul__(self, k):
        return self * k
    def __neg__(self):
        return self * -1
    def __eq__(self, o):
        return self.xs == o.xs
    def __lt__(self, o):
        return sum(self.xs) < sum(o.xs)
    def __len__(self):
        return len(self.xs)
    def __getitem__(self, i):
        return self.xs[i]
    def __setitem__(self, i, v):
        self.xs[i] = v
    def __iter__(self):
        return iter(self.xs)
    def __contains__(self, v):
        return v in self.xs
    def __repr__(self):
        return f"Vec({', '.join(str(x) for x in self.xs)})"
    def __str__(self):
        return "<" + " ".join(str(x) for x in self.xs) + ">"
    def __call__(self, k):
        return sum(self.xs) * k
    def __bool__(self):
        return any(self.xs)
v = Vec(1, 2, 3)
w = v + Vec(10, 20, 30)
print(w, repr(w), [w], f"{w} {w!r}", str(w), len(w), w[1], w[-1], w(2))
w[0] = 5
print(w, 2 * v, v * 2, -v, v == Vec(1, 2, 3), v != Vec(1, 2, 3), v != w, Vec(0) < v, v > Vec(0))
print(list(v), [x * 10 for x in v], 2 in v, 9 in v, bool(Vec(0, 0)), bool(v), sorted([w, v, Vec(0)]))
a, b, c = v
print(a, b, c, max(v), sum(v))
)py",
     R"out(<11 22 33> Vec(11, 22, 33) [Vec(11, 22, 33)] <11 22 33> Vec(11, 22, 33) <11 22 33> 3 22 33 132
<5 22 33> <2 4 6> <2 4 6> <-1 -2 -3> True False True True True
[1, 2, 3] [10, 20, 30] True False False True [Vec(0), Vec(1, 2, 3), Vec(5, 22, 33)]
1 2 3 3 6
)out"},
    {"static class methods and properties", R"py(class Temp:
    scale = 2
    def __init__(self, c):
        self.c = c
    @property
    def doubled(self):
        return self.c * self.scale
    @staticmethod
    def add(a, b):
        return a + b
    @classmethod
    def make(cls, c):
        return cls(c + 1)
class Hot(Temp):
    scale = 10
t = Temp.make(4)
h = Hot.make(1)
print(t.doubled, h.doubled, type(h).__name__, Temp.add(1, 2), t.add(3, 4))
)py",
     R"out(10 20 Hot 3 7
)out"},
    {"dicts", R"py(d = {"a": 1, "b": 2}
d["c"] = 3
d["a"] = 10
print(d, len(d), "a" in d, "z" not in d, d.get("z"), d.get("z", 0), d["b"])
for k in d:
    print(k, end=" ")
print()
for k, v in d.items():
    print(k, v, sep="=", end=";")
print()
print(list(d.keys()), list(d.values()), d.pop("b"), d, d.pop("q", None))
e = dict(d, x=5)
e.update({"y": 6}, z=7)
e.update([("w", 8)])
print(e, dict(a=1), dict([(1, 2)]), {k: v * 2 for k, v in e.items() if v > 5}, dict())
print({1: "int", 1.0: "float", True: "bool"}, {(1, 2): "t"}[(1, 2)], {**d, "c": 0}, d | {"n": 1})
print(d == {"c": 3, "a": 10}, d != {"a": 10}, sorted({"b": 1, "a": 2}), e.setdefault("q", []), bool({}), bool(d))
nested = {"layer": {"w": [1, 2]}}
nested["layer"]["w"].append(3)
nested["layer"]["b"] = None
print(nested, isinstance(d, dict), type(d) is dict, str(d), repr({"k": "v"}), {})
counts = {}
for ch in "hello":
    counts[ch] = counts.get(ch, 0) + 1
print(counts, max(counts, key=lambda k: counts[k]), list(enumerate({"a": 1})), dict(zip("ab", [1, 2])))
counts["h"] += 10
del_me = counts.pop("e")
print(counts, del_me, counts.popitem(), counts, {1: 2}.copy(), len({}))
x = {}
x.clear()
print(x, [k for k in {"p": 1, "q": 2}], sum({1: "a", 2: "b"}), {i: i * i for i in range(4)})
)py",
     R"out({'a': 10, 'b': 2, 'c': 3} 3 True True None 0 2
a b c 
a=10;b=2;c=3;
['a', 'b', 'c'] [10, 2, 3] 2 {'a': 10, 'c': 3} None
{'a': 10, 'c': 3, 'x': 5, 'y': 6, 'z': 7, 'w': 8} {'a': 1} {1: 2} {'a': 20, 'y': 12, 'z': 14, 'w': 16} {}
{1: 'bool'} t {'a': 10, 'c': 0} {'a': 10, 'c': 3, 'n': 1}
True True ['a', 'b'] [] False True
{'layer': {'w': [1, 2, 3], 'b': None}} True True {'a': 10, 'c': 3} {'k': 'v'} {}
{'h': 1, 'e': 1, 'l': 2, 'o': 1} l [(0, 'a')] {'a': 1, 'b': 2}
{'h': 11, 'l': 2} 1 ('o', 1) {'h': 11, 'l': 2} {1: 2} 0
{} ['p', 'q'] 3 {0: 0, 1: 1, 2: 4, 3: 9}
)out"},
    {"keyword arguments and kwargs", R"py(def f(a, b=2, *args, c, d=4, **kw):
    return (a, b, args, c, d, kw)
print(f(1, c=3))
print(f(1, 2, 3, 4, c=5, e=6, f=7))
opts = {"c": 9, "z": 1}
print(f(*[1, 2], **opts), f(**{"a": 0, "c": 1}))
def g(**kw):
    return sorted(kw.items())
print(g(x=1, y=2), g(), g(**{}), g(a=1, **{"b": 2}))
class M:
    def __init__(self, *layers, **cfg):
        self.layers = layers
        self.cfg = cfg
    def forward(self, x, scale=1, **extra):
        return x * scale + len(extra)
m = M(1, 2, act="relu")
print(m.layers, m.cfg, m.forward(3), m.forward(3, scale=2, a=1, b=2), m.forward(**{"x": 1}))
h = lambda *a, **k: (a, k)
print(h(1, k=2), dict(**{"a": 1}, b=2))
)py",
     R"out((1, 2, (), 3, 4, {})
(1, 2, (3, 4), 5, 4, {'e': 6, 'f': 7})
(1, 2, (), 9, 4, {'z': 1}) (0, 2, (), 1, 4, {})
[('x', 1), ('y', 2)] [] [] [('a', 1), ('b', 2)]
(1, 2) {'act': 'relu'} 3 8 1
((1,), {'k': 2}) {'a': 1, 'b': 2}
)out"},
    {"formatting", R"py(class P:
    def __init__(self):
        self.a = 3
x = 3.14159
n = 42
s = "hi"
items = [1, 2]
print(f"{x:.3f} {n:>5} {n:<5}| {s!r} {s:^6}| {n:05d} {n:x} {n:#x} {n:b} {n:,} {1234567.891:,.2f}")
print(f"{x:e} {x:.2e} {x:g} {1e-5:g} {123456789.0:g} {0.5:.0%} {x:10.4f}| {-n:+d} {n:+d} {-0.0:z.1f} {n:_b}")
print(f"{items} {items!s} {x=} {n = } {n*2:{'>'}{6}} {'{'}{n}{'}'} {{literal}} {s:*<5} {n:=+6}")
print(f"{True} {True:>6} {None} {1.0} {1e20} {x:.3} {100.0:.3} {12.0:.3} {2.5:.0f} {3.5:.0f} {1e16}")
print(f"""{
  n + 1
}""", f'{"nested " + s}', f"{ {'k': 1}['k'] }", F"{n:X}" f"{n:o}" "!", f"{'a' if n else 'b'}")
print("%s-%d-%.2f-%5s-%-5s|%05.1f %x %o %e %r %%" % ("a", 7, 2.5, "r", "l", 3.14159, 255, 8, 1234.5, "q"))
print("%(a)s and %(b)d" % {"a": "x", "b": 2}, "%d items" % 3, "%c%c" % (72, "i"), "%i|%3d|%-3d|%+d" % (2.9, 5, 5, 5))
print("{} {} {}".format(1, "b", 2.5), "{1}{0}".format("a", "b"), "{name:>6}|{0:.2f}".format(1.234, name="n"))
print("{0[0]} {0[1]} {m.a} {d[k]}".format([5, 6], m=P(), d={"k": "v"}), "{:{w}.{p}f}".format(3.14159, w=8, p=2))
print("{!r:>5}".format("a"), format(3.5, ".1f"), format(12), format("x", "^3"), "{{}}".format(), "%s" % [1, 2], "%s" % (1,))
print(f"{1/3:.4} {2/3:10.3e}|{-1.5:08.2f} {12345.678:,} {0.000012345:.3g} {float('inf'):.2f} {float('nan')}")
)py",
     R"out(3.142    42 42   | 'hi'   hi  | 00042 2a 0x2a 101010 42 1,234,567.89
3.141590e+00 3.14e+00 3.14159 1e-05 1.23457e+08 50%     3.1416| -42 +42 0.0 10_1010
[1, 2] [1, 2] x=3.14159 n = 42     84 {42} {literal} hi*** +   42
True      1 None 1.0 1e+20 3.14 1e+02 12.0 2 4 1e+16
43 nested hi 1 2A52! a
a-7-2.50-    r-l    |003.1 ff 10 1.234500e+03 'q' %
x and 2 3 items Hi 2|  5|5  |+5
1 b 2.5 ba      n|1.23
5 6 3 v     3.14
  'a' 3.5 12  x  {} [1, 2] 1
0.3333  6.667e-01|-0001.50 12,345.678 1.23e-05 inf nan
)out"},
    {"with, assert, annotations, __main__", R"py(log = []
class Ctx:
    def __init__(self, name):
        self.name = name
    def __enter__(self):
        log.append("enter " + self.name)
        return self
    def __exit__(self, *exc):
        log.append("exit " + self.name)
with Ctx("a") as a, Ctx("b"):
    log.append("body " + a.name)
def early():
    with Ctx("r"):
        return 5
print(early(), log)
for i in range(3):
    with Ctx(str(i)):
        if i == 1:
            break
print(log[-3:])
assert len(log) > 0, "never"
if __name__ == "__main__":
    print("main", __name__)
x: int = 3
def typed(a: int, b: "list[int]" = [], *rest: int, **kw: float) -> int:
    y: float
    return a
class Annotated:
    size: int = 4
    name: str
    def __init__(self, size: int = 2) -> None:
        self.size: int = size
print(typed(x), x, Annotated().size, Annotated.size)
)py",
     R"out(5 ['enter a', 'enter b', 'body a', 'exit b', 'exit a', 'enter r', 'exit r']
['exit 0', 'enter 1', 'exit 1']
main __main__
3 3 2 4
)out"},
    {"class details", R"py(def helper(v):
    return v + 1
class Outer:
    factor = 3
    scaled = [i * 2 for i in range(factor)]
    shift = helper(factor)
    def method(self):
        return helper(self.factor)
    class Inner:
        def value(self):
            return "inner"
print(Outer.scaled, Outer.shift, Outer().method(), Outer.Inner().value())
def make_class(k):
    class Local:
        def get(self):
            return k
    return Local
A = make_class(1)
B = make_class(2)
print(A().get(), B().get(), A is B, isinstance(A(), B))
class Node:
    def __init__(self, v, nxt=None):
        self.v = v
        self.nxt = nxt
head = None
for i in range(5):
    head = Node(i, head)
vals = []
while head is not None:
    vals.append(head.v)
    head = head.nxt
print(vals)
class Registry:
    items = []
    def add(self, x):
        self.items.append(x)
        return self
r = Registry().add(1).add(2)
print(Registry.items, r.items, getattr(Registry, "add")(r, 3).items)
)py",
     R"out([0, 2, 4] 4 4 inner
1 2 False False
[4, 3, 2, 1, 0]
[1, 2, 3] [1, 2, 3] [1, 2, 3]
)out"},
    {"instance attributes as a dict",
     "class A:\n"
     "  def __init__(self):\n"
     "    self.w, self.b = 1, 2\n"
     "a = A()\n"
     "a.z = 3\n"
     "print(vars(a), a.__dict__ == vars(a), [k for k, v in a.__dict__.items() if v > 1])\n",
     "{'w': 1, 'b': 2, 'z': 3} True ['b', 'z']\n"},
    {"zero fill and percent edge cases",
     "print(f\"{'ab':05}|{float('inf'):.1%}|{-1.5:08.2f}|{7:03}|{'x':<03}\")\n"
     "print('%5.1f%%|%-6s|%03d' % (99.5, 'ab', 7))\n",
     "ab000|inf%|-0001.50|007|x00\n 99.5%|ab    |007\n"},
    {"try, except, raise, del and :=", R"py(class ShapeError(ValueError):
    def __init__(self, shape):
        super().__init__(f"bad shape {shape}")
        self.shape = shape

def check(shape):
    if len(shape) != 2:
        raise ShapeError(shape)
    return shape

log = []
for s in [(2, 3), (1,), "ab"]:
    try:
        check(s)
        log.append("ok")
    except ShapeError as e:
        log.append(f"{type(e).__name__}: {e} {e.shape} {e.args} {isinstance(e, ValueError)}")
    else:
        log.append("else")
    finally:
        log.append("finally")
print(log)

def safe_div(a, b):
    try:
        return a / b
    except ZeroDivisionError as e:
        print("caught", repr(e), str(e))
        return None
    finally:
        print("done", a, b)
print(safe_div(1, 2), safe_div(1, 0))

d = {"a": 1}
try:
    d["b"]
except (IndexError, KeyError) as e:
    print("lookup", e, repr(e), type(e).__name__)
try:
    [1, 2][5]
except LookupError as e:
    print("index", e)
try:
    undefined_name
except NameError:
    print("name error")
try:
    assert 1 == 2, "one is not two"
except AssertionError as e:
    print("assert", e)
try:
    None.foo
except Exception as e:
    print("attr", type(e).__name__, e)
try:
    int("x")
except ValueError as e:
    print("value", e)
try:
    1 + "a"
except TypeError as e:
    print("type", e)

def reraise():
    try:
        raise RuntimeError("inner")
    except RuntimeError:
        log.append("handled once")
        raise
try:
    reraise()
except Exception as e:
    print("outer", e, log[-1])

def first_even(xs):
    for x in xs:
        try:
            if x % 2 == 0:
                return x
        finally:
            print("checked", x)
print(first_even([1, 3, 4, 5]))

for i in range(3):
    try:
        if i == 1:
            continue
        print("body", i)
    finally:
        print("after", i)

try:
    raise KeyError("missing")
except:
    print("bare except")
e = "kept"
try:
    raise Exception("x", 2)
except Exception as e:
    print(e, e.args)
print("e" in dir() if False else "unbound")

items = [1, 2, 3, 4, 5, 6]
del items[0]
del items[::2]
print(items)
cfg = {"a": 1, "b": 2, "c": 3}
del cfg["a"], cfg["c"]
print(cfg)
class Box:
    def __init__(self):
        self.x, self.y = 1, 2
b = Box()
del b.x
print(hasattr(b, "x"), b.y, vars(b))
z = 5
del z
try:
    z
except NameError as err:
    print(err)

data = [3, 8, 1, 9]
if (n := len(data)) > 3:
    print("long", n)
print([y for x in data if (y := x * 2) > 5], y)
def walrus_in_function(xs):
    total = 0
    while (chunk := xs[total:total + 2]):
        total += len(chunk)
    return total, chunk
print(walrus_in_function([1, 2, 3]))
print(sum([(hit := v) for v in data]), hit)
)py",
     R"out(['ok', 'else', 'finally', "ShapeError: bad shape (1,) (1,) ('bad shape (1,)',) True", 'finally', 'ok', 'else', 'finally']
done 1 2
caught ZeroDivisionError('division by zero') division by zero
done 1 0
0.5 None
lookup 'b' KeyError('b') KeyError
index list index out of range
name error
assert one is not two
attr AttributeError 'NoneType' object has no attribute 'foo'
value invalid literal for int() with base 10: 'x'
type unsupported operand type(s) for +: 'int' and 'str'
outer inner handled once
checked 1
checked 3
checked 4
4
body 0
after 0
after 1
body 2
after 2
bare except
('x', 2) ('x', 2)
unbound
[3, 5]
{'b': 2}
False 2 {'y': 2}
name 'z' is not defined
long 4
[6, 16, 18] 18
(3, [])
21 9
)out"},
    {"generators", R"py(def grid(size, stride):
    for i in range(0, size[0] * stride, stride):
        for j in range(0, size[1] * stride, stride):
            yield i, j
print(list(grid((2, 3), 4)))
def evens(n):
    k = 0
    while True:
        if k >= n:
            return
        yield k
        k += 2
print(list(evens(7)), sum(evens(10)), [x * x for x in evens(5)], list(evens(0)))
def chained(*its):
    for it in its:
        yield from it
    yield
print(list(chained([1, 2], (3,), evens(3))))
class Tree:
    def __init__(self, v, kids=()):
        self.v, self.kids = v, kids
    def __iter__(self):
        yield self.v
        for k in self.kids:
            yield from k
t = Tree(1, [Tree(2, [Tree(3)]), Tree(4)])
print(list(t), max(t), dict(zip(t, "abcd")))
def pairs():
    x = yield 1
    print("got", x)
    yield (yield 2)
a, b, c = pairs()
print(a, b, c)
def anchors(strides):
    return [(s, i) for s in strides for i in grid((1, 2), s)]
print(anchors([1, 8]), sorted(grid((2, 2), 3), reverse=True)[0])
)py",
     R"out([(0, 0), (0, 4), (0, 8), (4, 0), (4, 4), (4, 8)]
[0, 2, 4, 6] 20 [0, 4, 16] []
[1, 2, 3, 0, 2, None]
[1, 2, 3, 4] 4 {1: 'a', 2: 'b', 3: 'c', 4: 'd'}
got None
1 2 None
[(1, (0, 0)), (1, (0, 1)), (8, (0, 0)), (8, (0, 8))] (3, 3)
)out"},
    {"match statements", R"py(def config(size):
    ret = {"dropout": 0.1}
    match (s := size.lower()):
        case "large": ret.update({"hidden": 1024, "layers": 24})
        case "tiny" | "small": ret.update({"hidden": 128, "layers": 2})
        case _: raise RuntimeError(f"unhandled size {s}")
    return ret
print(config("LARGE"), config("tiny")["hidden"], config("small")["layers"])
try:
    config("huge")
except RuntimeError as e:
    print("error:", e)
class Mode:
    TRAIN = 1
    EVAL = 2
def describe(x):
    match x:
        case None:
            return "nothing"
        case True:
            return "yes"
        case 0 | -1:
            return "zero or minus one"
        case Mode.TRAIN:
            return "train"
        case 3.5:
            return "three and a half"
        case [a]:
            return f"one item {a}"
        case (first, second) if first == second:
            return f"a pair of {first}"
        case [first, *rest, last] as whole:
            return f"from {first} to {last} via {rest}, {len(whole)} in all"
        case [*_]:
            return "an empty sequence"
        case other:
            return f"something else: {other}"
for v in [None, True, 0, -1, 1, 3.5, [7], (4, 4), (4, 5), [1, 2, 3, 4], (), "text", 2]:
    print(describe(v))
match = {"case": 1}
match["case"] += 1
print(match)
def shape(t):
    match t:
        case (n, c, h, w):
            return n * c, h * w
        case (n, rest):
            return n, rest
    return None
print(shape((2, 3, 4, 5)), shape([6, 7]), shape((1,)))
)py",
     R"out({'dropout': 0.1, 'hidden': 1024, 'layers': 24} 128 2
error: unhandled size huge
nothing
yes
zero or minus one
zero or minus one
train
three and a half
one item 7
a pair of 4
from 4 to 5 via [], 2 in all
from 1 to 4 via [2, 3], 4 in all
an empty sequence
something else: text
something else: 2
{'case': 2}
(6, 20) (6, 7) None
)out"},
};

} // namespace languagecases

namespace languagecases {

// Programs that fail, and where and why ("line:col: message").
inline constexpr Case kErrors[] = {
    {"init recursion", "class A:\n  def __init__(self):\n    A()\nA()",
     "3:5: maximum recursion depth exceeded (200 nested calls)"},
    {"repr recursion", "class A:\n  def __repr__(self):\n    return repr(self)\nprint(A())",
     "3:12: maximum recursion depth exceeded (200 nested calls)"},
    {"attribute suggestion",
     "class A:\n  def __init__(self):\n    self.value = 1\na = A()\nprint(a.valeu)",
     "5:9: 'A' object has no attribute 'valeu'. Did you mean: 'value'?"},
    {"method arguments", "class A:\n  def f(self, x):\n    pass\nA().f()",
     "4:5: A.f() missing 1 required positional argument: 'x'"},
    {"init arguments", "class A:\n  def __init__(self, x):\n    pass\nA(1, 2)",
     "4:1: A.__init__() takes 2 positional arguments but 3 were given"},
    {"no init", "class A:\n  pass\nA(1)", "3:1: A() takes no arguments"},
    {"init returns a value", "class A:\n  def __init__(self):\n    return 1\nA()",
     "4:1: __init__() should return None, not 'int'"},
    {"base not a class", "class A(3):\n  pass",
     "1:9: a base class must be a class statement's class or object, not 'int'"},
    {"instance not callable", "class A:\n  pass\nA()()", "3:4: 'A' object is not callable"},
    {"super outside a method", "super().f()",
     "1:1: super(): no arguments outside a method of a class"},
    {"super without the attribute", "class A:\n  def f(self):\n    return super().f()\nA().f()",
     "3:20: 'super' object has no attribute 'f'"},
    {"property without setter",
     "class A:\n  @property\n  def p(self):\n    return 1\na = A()\na.p = 2",
     "6:3: property 'p' of 'A' object has no setter"},
    {"class attribute is not a name in methods",
     "class A:\n  x = 1\n  def f(self):\n    return x\nA().f()", "4:12: name 'x' is not defined"},
    {"list cycle through lists", "a = [1]\nb = {'k': [a]}\na.append(b['k'])",
     "3:3: append() cannot store a list inside itself"},
    {"missing key", "d = {'a': 1}\nd['b']", "2:2: KeyError: 'b'"},
    {"unhashable key", "d = {[1]: 2}", "1:6: unhashable type: 'list'"},
    {"pop missing key", "x = {}.pop('x')", "1:8: KeyError: 'x'"},
    {"double star not a mapping", "def f(**kw):\n  pass\nf(**[1])",
     "3:5: f() argument after ** must be a mapping, not list"},
    {"double star repeats a keyword", "def f(**kw):\n  pass\nf(a=1, **{'a': 2})",
     "3:10: f() got multiple values for keyword argument 'a'"},
    {"unexpected keyword from a dict", "def f(a):\n  pass\nf(1, **{'b': 2})",
     "3:1: f() got an unexpected keyword argument 'b'"},
    {"not a context manager", "with 3:\n  pass",
     "1:6: 'int' object does not support the context manager protocol"},
    {"format code", "x = f'{1.5:d}'", "1:7: Unknown format code 'd' for object of type 'float'"},
    {"format of a list", "x = f'{[1]:>3}'",
     "1:7: unsupported format string passed to list.__format__"},
    {"percent too few", "x = '%s %s' % (1,)", "1:13: not enough arguments for format string"},
    {"percent too many", "x = '%s' % (1, 2)",
     "1:10: not all arguments converted during string formatting"},
    {"percent type", "x = '%d' % 'a'", "1:10: %d format: a real number is required, not str"},
    {"format index", "x = '{1}'.format(0)",
     "1:11: Replacement index 1 out of range for positional args tuple"},
    {"assert with an f-string", "x = 2\nassert x == 1, f'x is {x}'",
     "2:1: assertion failed: x is 2"},
    {"getattr without default", "getattr(1, 'y')", "1:1: 'int' object has no attribute 'y'"},
    {"getattr name", "getattr(1, 2)", "1:1: getattr() attribute name must be string, not 'int'"},
    {"type with three arguments", "type('A', (), {})",
     "1:1: type() takes 1 argument (making classes with type() is not supported)"},
    {"uncaught raise", "x = 1\nraise ValueError('x is ' + str(x))", "2:1: ValueError: x is 1"},
    {"raise without a message", "raise NotImplementedError", "1:1: NotImplementedError"},
    {"raise a non-exception", "raise 3", "1:7: exceptions must derive from BaseException"},
    {"unmatched except", "try:\n  {}['k']\nexcept IndexError:\n  pass", "2:5: KeyError: 'k'"},
    {"set display", "s = {1, 2}", "1:5: set displays are not supported"},
    {"endless generator",
     "def naturals():\n    n = 0\n    while True:\n        yield n\n        n += 1\nfor n in "
     "naturals():\n    break",
     "4:9: a generator yielded 1000000 values: generators run to their end when called here (the "
     "values become a list), so an endless one cannot be used"},
    {"class pattern", "match 3:\n    case int():\n        pass",
     "2:13: class patterns in 'case' are not supported"},
    {"mapping pattern", "match {}:\n    case {'a': 1}:\n        pass",
     "2:10: mapping patterns in 'case' are not supported"},
    {"unicodedata beyond ASCII", "import unicodedata\nx = unicodedata.category('\xc3\xa9')",
     "2:17: unicodedata.category: '\xc3\xa9' is not ASCII, and only ASCII text is supported here"},
    {"object is read-only", "object.x = 1",
     "1:8: cannot set attributes of the built-in type 'object'"},
};

} // namespace languagecases
