// Model code as tinygrad users write it, importing tinygrad.helpers,
// Device and the standard modules; what tinygrad prints for it
// (UOPSCOPE_TEST_BS=8 UOPSCOPE_TEST_LR=0.25 NO_COLOR=1 DEV=CPU). A header of
// its own: moc reads the test's .cpp, and `class` inside its strings would
// confuse it.
#pragma once

namespace helperprograms {

inline constexpr const char* kHelpers = R"py(from tinygrad import Tensor, Device, Context
from tinygrad.helpers import getenv, prod, flatten, partition, DEBUG, dedup, argfix, all_same, colored, all_int, make_tuple, round_up, ceildiv, merge_dicts, unwrap, argsort, fully_flatten, get_single_element, pluralize
from typing import Optional, Tuple
import functools, itertools, math

BS = getenv("UOPSCOPE_TEST_BS", 4)
NAME = getenv("UOPSCOPE_TEST_NAME", "model")
LR = getenv("UOPSCOPE_TEST_LR", 0.5)
UNSET = getenv("UOPSCOPE_TEST_UNSET")
print(BS, BS + 1, NAME, LR, UNSET, DEBUG >= 2, DEBUG.value, bool(DEBUG), 0 < DEBUG)
print(prod([2, 3, 4]), prod(()), flatten([[1, 2], (3,)]), partition(range(6), lambda x: x % 2 == 0))
print(dedup([3, 1, 3, 2, 1]), argfix(1, 2), argfix((1, 2)), argfix([3]), all_same([1, 1]), all_same([]), all_same([1, 2]))
print(colored("hi", "red"), colored("x", None), all_int((1, 2)), all_int((1, 2.0)), make_tuple(3, 2), make_tuple([1, 2], 2))
print(round_up(10, 4), ceildiv(10, 4), ceildiv(-7, 2), merge_dicts([{"a": 1}, {"b": 2}]), unwrap(5), argsort([3, 1, 2]), argsort((2.0, 1.0)))
print(fully_flatten([[1, [2, 3]], 4]), get_single_element([7]), pluralize("kernel", 1), pluralize("kernel", 3))
print(Device.DEFAULT)

class Attention:
  def __init__(self, dim: int, heads: int, bias: Optional[Tensor] = None):
    self.dim, self.heads = dim, heads
    self.scale = 1 / math.sqrt(dim // heads)
  def __call__(self, x: Tensor) -> Tensor:
    shape: Tuple[int, ...] = x.shape
    return (x * self.scale).reshape(prod(shape[:-1]), shape[-1])

x = Tensor.arange(prod((2, 2, 4))).reshape(2, 2, 4).float()
out = Attention(4, 2)(x)
print(out.shape, functools.reduce(lambda a, b: a * b, out.shape), list(itertools.accumulate(out.shape)))
)py";

inline constexpr const char* kHelpersPrinted = R"out(8 9 model 0.25 0 False 0 False False
24 1 [1, 2, 3] ([0, 2, 4], [1, 3, 5])
[3, 1, 2] (1, 2) (1, 2) (3,) True True False
hi x True False (3, 3) (1, 2)
12 3 -3 {'a': 1, 'b': 2} 5 [1, 2, 0] (1, 0)
[1, 2, 3, 4] 7 1 kernel 3 kernels
CPU
(4, 4) 16 [4, 8]
)out";

// A model file with a dataclass config, typing annotations, partial, the
// walrus, raise/try/except and del around the Tensor API.
inline constexpr const char* kModel = R"py(from dataclasses import dataclass, field
from typing import Optional, List
from functools import partial
from tinygrad import Tensor, Device, dtypes
from tinygrad.helpers import getenv, prod, DEBUG

@dataclass
class ModelArgs:
  dim: int = 4
  n_layers: int = 2
  hidden_sizes: List[int] = field(default_factory=lambda: [8, 4])
  norm: Optional[str] = None

class Block:
  def __init__(self, args: ModelArgs, i: int):
    self.scale = float(i + 1)
    self.act = partial(Tensor.clip, min_=-5, max_=5)
  def __call__(self, x: Tensor) -> Tensor:
    return self.act(x * self.scale)

class Model:
  def __init__(self, args: ModelArgs):
    self.args = args
    self.layers = [Block(args, i) for i in range(args.n_layers)]
  def __call__(self, x: Tensor) -> Tensor:
    for layer in self.layers:
      x = layer(x)
    if (n := prod(x.shape)) > 100:
      raise ValueError(f"too big: {n}")
    return x

args = ModelArgs(n_layers=getenv("UOPSCOPE_TEST_LAYERS", 2))
model = Model(args)
print(args, Device.DEFAULT in ("CPU", "INTERP"))
x = Tensor.arange(args.dim, dtype=dtypes.int32) - 2
out = model(x)
print(out.tolist())
try:
  model(Tensor.ones(20, 20))
except ValueError as e:
  print("refused:", e)
cache = {"a": 1, "b": 2}
del cache["a"]
print(cache, DEBUG.value)
)py";

inline constexpr const char* kModelPrinted = R"out(ModelArgs(dim=4, n_layers=2, hidden_sizes=[8, 4], norm=None) True
[-4.0, -2.0, 0.0, 2.0]
refused: too big: 400
{'b': 2} 0
)out";

} // namespace helperprograms
