// Programs importing the standard modules model code uses (functools,
// itertools, typing, math, dataclasses, abc, re, pathlib, unicodedata, string, os) and what
// CPython 3.11 prints for each. Iterator results are printed through list(), as they are lists
// here.
#pragma once

namespace modulecases {

struct Case {
  const char* name;
  const char* source;
  const char* expected;
};

inline constexpr Case kCases[] = {
    {"functools", R"py(import functools
from functools import partial, reduce
def scale(x, factor=2, shift=0):
    return x * factor + shift
double = partial(scale, factor=2)
triple_plus = functools.partial(scale, factor=3, shift=1)
print(double(5), triple_plus(5), triple_plus(5, shift=10), partial(scale, 7)(factor=1))
print(double.func is scale, double.args, double.keywords, callable(double))
print(reduce(lambda a, b: a * b, [2, 3, 4]), reduce(lambda a, b: a + b, [], 10), reduce(max, (3, 9, 4)))
@functools.lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
@functools.lru_cache
def square(n):
    return n * n
@functools.cache
def cube(n):
    return n ** 3
print(fib(15), square(4), cube(3))
class Net:
    act = staticmethod(partial(max, 0))
    def __init__(self):
        self.layers = [partial(scale, factor=f) for f in (1, 2, 3)]
    def __call__(self, x):
        return [layer(x) for layer in self.layers]
print(Net()(2), Net.act(-4))
)py",
     R"out(10 16 25 7
True () {'factor': 2} True
24 10 9
610 16 27
[2, 4, 6] 0
)out"},
    {"itertools", R"py(import itertools
from itertools import chain, product, accumulate, repeat
print(list(chain([1, 2], (3,), "ab")), list(chain.from_iterable([[1], [2, 3]])))
print(list(product([0, 1], "ab")), list(product(range(2), repeat=2)), list(product([], [1])))
print(list(accumulate([1, 2, 3, 4])), list(accumulate([3, 1, 2], max)), list(accumulate([1, 2], initial=10)))
print(list(repeat("x", 3)), list(repeat(0, -1)))
print(list(itertools.zip_longest([1, 2, 3], "ab", fillvalue="-")))
print(list(itertools.islice(range(10), 3)), list(itertools.islice("abcdefg", 1, None, 2)))
print(list(itertools.combinations("abc", 2)), list(itertools.permutations([1, 2, 3], 2)))
print(list(itertools.permutations("ab")), list(itertools.combinations([1], 0)), list(itertools.combinations([1], 2)))
print(list(itertools.starmap(pow, [(2, 3), (3, 2)])), list(itertools.pairwise([1, 2, 3])))
print([(k, list(g)) for k, g in itertools.groupby("aabccc")], [(k, list(g)) for k, g in itertools.groupby([1, 3, 2, 4], key=lambda x: x % 2)])
print(list(itertools.takewhile(lambda x: x < 3, [1, 2, 5, 1])), list(itertools.dropwhile(lambda x: x < 3, [1, 2, 5, 1])))
shapes = [(2, 3), (4,)]
print(list(chain(*shapes)), sum(1 for _ in product(*[range(s) for s in (2, 3)])))
)py",
     R"out([1, 2, 3, 'a', 'b'] [1, 2, 3]
[(0, 'a'), (0, 'b'), (1, 'a'), (1, 'b')] [(0, 0), (0, 1), (1, 0), (1, 1)] []
[1, 3, 6, 10] [3, 3, 3] [10, 11, 13]
['x', 'x', 'x'] []
[(1, 'a'), (2, 'b'), (3, '-')]
[0, 1, 2] ['b', 'd', 'f']
[('a', 'b'), ('a', 'c'), ('b', 'c')] [(1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2)]
[('a', 'b'), ('b', 'a')] [()] []
[8, 9] [(1, 2), (2, 3)]
[('a', ['a', 'a']), ('b', ['b']), ('c', ['c', 'c', 'c'])] [(1, [1, 3]), (0, [2, 4])]
[1, 2] [5, 1]
[2, 3, 4] 6
)out"},
    {"typing",
     R"py(from typing import Optional, Union, List, Tuple, Dict, Callable, Any, Literal, cast, TypeVar, TYPE_CHECKING
import typing
Shape = Tuple[int, ...]
Pair = tuple[int, int]
T = TypeVar("T")
def pick(x: Optional[int] = None, kind: Literal["a", "b"] = "a") -> Union[int, str]:
    return kind if x is None else x
def apply(f: Callable[[int], int], xs: List[int]) -> Dict[str, Any]:
    return {"out": [f(x) for x in xs]}
print(pick(), pick(3), apply(lambda v: v + 1, [1, 2]), cast(int, "s"), TYPE_CHECKING)
print(list[int]([1, 2]), dict[str, int](a=1), tuple[int, ...]((1, 2)), isinstance((1,), tuple[int, ...]) if False else 0)
print(typing.Optional[typing.List[int]] is not None)
)py",
     R"out(a 3 {'out': [2, 3]} s False
[1, 2] {'a': 1} (1, 2) 0
True
)out"},
    {"math", R"py(import math
print(math.gcd(12, 18), math.gcd(), math.gcd(-4, 6, 10), math.lcm(4, 6), math.lcm(), math.lcm(3, 0))
print(math.factorial(5), math.factorial(0), math.isclose(1.0, 1.0 + 1e-12), math.isclose(1.0, 1.1), math.isclose(0.0, 1e-10, abs_tol=1e-9))
print(math.atan2(1, 1) == math.pi / 4, math.copysign(2, -0.0), math.hypot(3, 4), math.pow(2, 10), math.fmod(7, 3))
print(round(math.asin(1), 6), math.acos(1), math.sinh(0), math.cosh(0), math.log1p(0), math.expm1(0), math.erfc(0))
print(math.degrees(math.pi), math.radians(180) == math.pi, math.prod([2, 3]), math.ceil(2.1), math.floor(-2.1), math.inf > 1e308)
)py",
     R"out(6 0 2 12 1 0
120 1 True False True
True -2.0 5.0 1024.0 1.0
1.570796 0.0 0.0 1.0 0.0 0.0 1.0
180.0 True 6 3 -3 True
)out"},
    {"dataclasses", R"py(from dataclasses import dataclass, field, fields, asdict, replace
import dataclasses
from typing import Optional, List

@dataclass
class Config:
    dim: int
    n_layers: int = 2
    norm_eps: float = 1e-5
    vocab: Optional[int] = None
    hidden: List[int] = field(default_factory=list)
    def head_dim(self):
        return self.dim // self.n_layers

@dataclass(eq=True)
class Small(Config):
    dim: int = 64
    tag: str = "s"
    def __post_init__(self):
        self.extra = self.dim * 2

c = Config(512, n_layers=8)
print(c, c.head_dim(), c.hidden, Config(1).hidden is not Config(1).hidden)
print(Config(4) == Config(4), Config(4) == Config(5), Config(4) != Config(4))
s = Small()
print(s, s.extra, [f.name for f in fields(s)], asdict(Small(tag="t", hidden=[1])))
print(replace(c, dim=16), c.dim, list(Config.__annotations__))
print(dataclasses.fields(Config)[0].name, isinstance(s, Config))

@dataclass(frozen=True)
class Point:
    x: int = 0
    y: int = 0
print(Point(1), Point(y=2) == Point(0, 2))
)py",
     R"out(Config(dim=512, n_layers=8, norm_eps=1e-05, vocab=None, hidden=[]) 64 [] True
True False False
Small(dim=64, n_layers=2, norm_eps=1e-05, vocab=None, hidden=[], tag='s') 128 ['dim', 'n_layers', 'norm_eps', 'vocab', 'hidden', 'tag'] {'dim': 64, 'n_layers': 2, 'norm_eps': 1e-05, 'vocab': None, 'hidden': [1], 'tag': 't'}
Config(dim=16, n_layers=8, norm_eps=1e-05, vocab=None, hidden=[]) 512 ['dim', 'n_layers', 'norm_eps', 'vocab', 'hidden']
dim True
Point(x=1, y=0) True
)out"},
    {"abc", R"py(from abc import ABC, abstractmethod
class Embedder(ABC):
    @abstractmethod
    def embed(self, x): pass
    def twice(self, x): return self.embed(x) * 2
class Plus(Embedder):
    def embed(self, x): return x + 1
class Other: pass
print(Plus().twice(3), isinstance(Plus(), Embedder), issubclass(Plus, ABC), issubclass(Plus, (Other, Embedder)))
print(issubclass(Other, Embedder), issubclass(int, int), issubclass(KeyError, LookupError), issubclass(Plus, object))
try:
    issubclass(Plus(), Embedder)
except TypeError as e:
    print("TypeError:", e)
)py",
     R"out(8 True True True
False True True True
TypeError: issubclass() arg 1 must be a class
)out"},
    {"re", R"py(import re
n = "layer_12"
print(bool(re.fullmatch(r'[A-Za-z]+_\d+', n)), re.split(r'_(\d+)', n)[:-1], re.fullmatch(r'\d+', n))
k = "fpn_inner3.weight"
block = int(re.search(r"fpn_inner(\d+)", k).group(1))
print(block, re.sub(r"fpn_inner\d+", f"inner_blocks.{block - 1}", k))
m = re.match(r"(?P<name>[a-z]+)\.(?P<idx>\d+)?", "blocks.7.attn")
print(m.group(0), m.group("name"), m.group(1, 2), m.groups(), m.groupdict(), m.span(2), m.start(), m.end("idx"), m.lastindex)
print(re.match(r"(a)(x)?", "ab").groups(), re.match(r"(a)(x)?", "ab").groups("-"), re.match("b", "ab"))
p = re.compile(r"(\w+)=(\d+)", re.I)
print(p.findall("a=1, B=22; c=x"), p.pattern, p.groups, [x.group(2) for x in p.finditer("q=5 r=6")])
print(re.sub(r"(\w+)@(\w+)", r"\2 at \g<1>", "me@host you@there"), re.sub("a", lambda m: m.group(0).upper() * 2, "banana", count=2))
print(re.findall(r"\d", "a1b22"), re.findall("[]x]+", "a]]xb"), re.split(r"[,;]\s*", "a, b;c"), re.split(r",", "a,b,c", maxsplit=1))
print(re.escape("a.b*c"), re.search(r"^b", "a\nb", re.M) is not None, re.search(r"a.b", "a\nb", re.S).group(0) == "a\nb", re.sub(r"\Ax", "y", "xx"))
try:
    re.compile(r"(ab")
except re.error as e:
    print("error")
)py",
     R"out(True ['layer', '12'] None
3 inner_blocks.2.weight
blocks.7 blocks ('blocks', '7') ('blocks', '7') {'name': 'blocks', 'idx': '7'} (7, 8) 0 8 2
('a', None) ('a', '-') None
[('a', '1'), ('B', '22')] (\w+)=(\d+) 2 ['5', '6']
host at me there at you bAAnAAna
['1', '2', '2'] [']]x'] ['a', 'b', 'c'] ['a', 'b,c']
a\.b\*c True True yx
error
)out"},
    {"pathlib", R"py(from pathlib import Path
p = Path(__file__).parent.parent / "datasets" / "wiki"
print(str(p).endswith("datasets/wiki"), p.name, Path("a/b.tar.gz").suffix, Path("a/b.tar.gz").stem, Path("a//./b/").parts, Path("/x") / "y", "z" / Path("q"))
print(Path("a/b.txt").with_suffix(".bin"), Path("a").parent, Path("/").parent, Path("a", "b", "/c"), repr(Path("m")), Path("a") == Path("a/"), Path("x").joinpath("y", "z"))
)py",
     R"out(True wiki .gz b.tar ('a', 'b') /x/y z/q
a/b.bin . / /c PosixPath('m') True x/y/z
)out"},
    {"unicodedata, string and os.getenv", R"py(import os
import string
import unicodedata
def is_punctuation(ch):
    return unicodedata.category(ch).startswith("P")
def strip_accents(text):
    return "".join(c for c in unicodedata.normalize("NFD", text) if unicodedata.category(c) != "Mn")
print([unicodedata.category(c) for c in "aZ5 \t!$+_(]^~"])
print([c for c in "Hello, world! (a+b)=c_d" if is_punctuation(c)], strip_accents("Plain ASCII"))
print(os.getenv("UOPSCOPE_SURELY_UNSET_VARIABLE"), os.getenv("UOPSCOPE_SURELY_UNSET_VARIABLE", "large"), len(os.environ.get("UOPSCOPE_SURELY_UNSET_VARIABLE", "")))
print("".join(c for c in "Don't stop, (ever)!" if c not in string.punctuation), string.digits, len(string.printable))
print(repr(string.whitespace), string.ascii_letters[20:30], string.hexdigits, string.octdigits)
)py",
     R"out(['Ll', 'Lu', 'Nd', 'Zs', 'Cc', 'Po', 'Sc', 'Sm', 'Pc', 'Ps', 'Pe', 'Sk', 'Sm']
[',', '!', '(', ')', '_'] Plain ASCII
None large 0
Dont stop ever 0123456789 100
' \t\n\r\x0b\x0c' uvwxyzABCD 0123456789abcdefABCDEF 01234567
)out"},
};

} // namespace modulecases
