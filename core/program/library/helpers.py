# tinygrad.helpers as UOpScope provides it: the small functions model files
# import from tinygrad (prod, flatten, getenv, DEBUG, ...), with tinygrad's
# names and results. Written in the program language; Context and the
# environment reader are host objects registered on this module before it runs.
from tinygrad.helpers import Context, _environ_get


def getenv(key, default=0):
  # The variable's text converted to the default's type (int("2"), a str
  # stays text); unset, the default itself.
  text = _environ_get(key)
  if text is None:
    return default
  return type(default)(text)


class ContextVar:
  # A setting read from the environment once, compared like its value
  # (`if DEBUG >= 2:`, `DEBUG.value`).
  def __init__(self, key, default_value):
    self.key = key
    self.value = getenv(key, default_value)

  def __bool__(self):
    return bool(self.value)

  def __eq__(self, x):
    return self.value == x

  def __ge__(self, x):
    return self.value >= x

  def __gt__(self, x):
    return self.value > x

  def __le__(self, x):
    return self.value <= x

  def __lt__(self, x):
    return self.value < x

  def __repr__(self):
    return f"ContextVar({self.key!r}, {self.value!r})"


DEBUG = ContextVar("DEBUG", 0)


def prod(x):
  out = 1
  for v in x:
    out = out * v
  return out


def dedup(x):
  # First occurrences, in order: dict keys keep insertion order.
  seen = {}
  for v in x:
    seen[v] = None
  return list(seen)


def argfix(*x):
  # f(1, 2) and f((1, 2)) both give (1, 2).
  if len(x) > 0 and type(x[0]) in (tuple, list):
    assert len(x) == 1, f"bad arg {x}"
    return tuple(x[0])
  return x


def argsort(x):
  return type(x)(sorted(range(len(x)), key=lambda i: x[i]))


def all_same(items):
  return all([v == items[0] for v in items])


def all_int(t):
  return all([isinstance(s, int) for s in t])


def colored(st, color, background=False):
  # tinygrad with NO_COLOR set: the text alone. A program's printed text is
  # shown in panes and compared in tests, where escape codes are noise.
  return st


def make_tuple(x, cnt):
  return (x,) * cnt if isinstance(x, int) else tuple(x)


def to_tuple(x):
  return x if isinstance(x, tuple) else (x,)


def flatten(l):
  return [item for sublist in l for item in sublist]


def fully_flatten(l):
  if not isinstance(l, (list, tuple)):
    return [l]
  out = []
  for item in l:
    out.extend(fully_flatten(item))
  return out


def ceildiv(num, amt):
  return -(-num // amt)


def round_up(num, amt):
  return ceildiv(num, amt) * amt


def round_down(num, amt):
  return num // amt * amt


def merge_dicts(ds):
  out = {}
  for d in ds:
    for k, v in d.items():
      assert k not in out or out[k] == v, f"{k} has different values"
      out[k] = v
  return out


def partition(itr, fxn):
  # (the items fxn accepts, the rest), each in order.
  accepted, rejected = [], []
  for s in itr:
    if fxn(s):
      accepted.append(s)
    else:
      rejected.append(s)
  return accepted, rejected


def unwrap(x):
  assert x is not None
  return x


def get_single_element(x):
  assert len(x) == 1, f"{x} must only have 1 element"
  return x[0]


def pluralize(st, cnt):
  return f"{cnt} {st}" + ("" if cnt == 1 else "s")


def get_child(obj, key):
  # "layer1.0.conv1": attributes by name, list items by index, dict items by key.
  for k in key.split("."):
    if k and all(c in "0123456789" for c in k):
      obj = obj[int(k)]
    elif isinstance(obj, dict):
      obj = obj[k]
    else:
      obj = getattr(obj, k)
  return obj


class tqdm:
  # tinygrad's progress bar without the bar (examples loop over trange): the
  # items in order; a program's output is only what it prints.
  def __init__(self, iterable=None, desc="", disable=False, unit="it", unit_scale=False, total=None, rate=100):
    self.iterable, self.desc, self.total = iterable, desc, total

  def __iter__(self):
    return iter(self.iterable)

  def __len__(self):
    return len(self.iterable)

  def set_description(self, desc):
    self.desc = desc

  def update(self, n=0, close=False):
    pass


def trange(n, **kwargs):
  return tqdm(range(n), total=n, **kwargs)


def fetch(url, name=None, subdir=None, gunzip=False, allow_caching=True, headers={}, sha256=None, extract=False):
  # Model files import it for their pretrained weights; a program here has no
  # network or file access beyond the modules it imports.
  raise RuntimeError(f"tinygrad.helpers.fetch({url!r}): no network is available to a program here (pretrained weights cannot be downloaded)")
