#!/usr/bin/env python3
"""Write tinygrad's op suite as tensor programs of our format, with tinygrad's outputs beside them.

usage: PYTHONPATH=<tinygrad checkout> DEV=CPU python3 make_programs.py [-j N] [--only SUBSTRING]

Every entry of ops_table.py becomes programs/<name>.py (inputs built deterministically from
Tensor.arange or literal lists, the op's expression as `out`, and for entries with gradients
`out.sum().backward()` followed by the inputs' .grad; grouped cases sum their outputs' sums) and programs/<name>.expected.json, the
outputs tinygrad computes for it, in the conformance corpus's format:
  {"outputs": [{"dtype", "shape", "data"}...], "kernels": N, "copies": C, "tinygrad_commit": ...}
All outputs are realized together; device-less outputs are cloned to the default device and weak
dtypes are stored as float32/int32; NaN and infinities are the strings "nan", "inf", "-inf".
The program then runs again with each output realized on its own; an output whose values differ
that way (tinygrad's rewrites see another graph) gets them as "alternatives": {"index": output}.
An input whose gradient tinygrad leaves unset (the output does not depend on it) gets no .grad
output. An entry tinygrad itself rejects is reported and written nowhere.

Programs run in batches, several per tinygrad process (-j processes at a time).
Standard library and tinygrad only.
"""
import sys, os, re, json, ast, math, subprocess
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
OUT_DIR = os.path.join(HERE, "programs")
TINYGRAD_COMMIT = "a9069c177a9d"
DTYPE_NAMES = ["float32", "float16", "bfloat16", "float64", "int8", "int16", "int32", "int64",
               "uint8", "uint16", "uint32", "uint64", "bool"]
INPUT_NAMES = "xyzwv"


def literal(v):
  """python source of a (nested) literal with inf/nan spelled as float('...')"""
  if isinstance(v, (list, tuple)):
    inner = ", ".join(literal(e) for e in v)
    return f"[{inner}]"
  if isinstance(v, float):
    if math.isnan(v): return "float('nan')"
    if math.isinf(v): return "float('inf')" if v > 0 else "-float('inf')"
  return repr(v)


def generated_input(shape, index, low, high):
  """float32 values spread over about [low, high]; every value is exact in float32 arithmetic
  (an odd integer times a power of two plus the midpoint) so both sides start from the same bits"""
  n = math.prod(shape)
  mid, half = (low + high) / 2, (high - low) / 2
  scale = 2.0 ** (math.floor(math.log2(half)) - 16)
  src = f"(((Tensor.arange({n}) * 40503 + {7717 * index + 3}) % 65521 * 2 - 65521).float() * {scale!r}"
  if mid: src += f" + {mid!r}"
  return src + f").reshape({tuple(shape)!r}).clone(\"CPU\")"


def program_source(entry):
  """the program of an entry: every case's inputs (case k > 0 suffixes its names with k), then its
  outputs; with gradients, the backward pass of the sum of all outputs' sums and the float inputs' .grad"""
  lines = ["from tinygrad import Tensor, dtypes", ""]
  grad_inputs, exprs = [], []
  for k, (inputs, expr) in enumerate(entry["cases"]):
    suffix = str(k) if k else ""
    for i, inp in enumerate(inputs):
      name = INPUT_NAMES[i] + suffix
      if isinstance(inp, tuple):
        lines.append(f"{name} = {generated_input(inp, i, entry['low'], entry['high'])}")
        grad_inputs.append(name)
      elif isinstance(inp, str):
        lines.append(f"{name} = {inp}")
      else:
        lines.append(f"{name} = Tensor({literal(inp)})")
        if any(isinstance(v, float) for v in _flat(inp)): grad_inputs.append(name)
    rename = lambda src: re.sub(rf"\b([{INPUT_NAMES}])\b", lambda m: m.group(1) + suffix, src)
    exprs += [rename(e) for e in (expr if isinstance(expr, list) else [expr])]
  lines += entry["pre"]
  if entry["grad"]:
    grads = [g for g in grad_inputs if g not in entry["no_grad"]]
    outs = [f"out{i}" for i in range(len(exprs))] if len(exprs) > 1 else ["out"]
    lines += [f"{o} = {e}" for o, e in zip(outs, exprs)]
    lines.append(" + ".join(f"{o}.sum()" for o in outs).join("()") + ".backward()" if len(outs) > 1 else "out.sum().backward()")
    lines.append("out = [" + ", ".join(outs) + "".join(f", {g}.grad" for g in grads) + "]")
  elif len(exprs) == 1: lines.append(f"out = {exprs[0]}")
  elif any(e.startswith("list(") for e in exprs):  # outputs are a flat list: lists of tensors are concatenated
    lines.append("out = " + " + ".join(e if e.startswith("list(") else f"[{e}]" for e in exprs))
  else: lines.append("out = [" + ", ".join(exprs) + "]")
  return "\n".join(lines) + "\n", len(exprs), grads if entry["grad"] else []


def _flat(v):
  if isinstance(v, (list, tuple)):
    for e in v: yield from _flat(e)
  else: yield v


def _jsonable(v, is_float):
  if isinstance(v, bool): return v
  if is_float:
    v = float(v)
    if math.isnan(v): return "nan"
    if math.isinf(v): return "inf" if v > 0 else "-inf"
    return v
  return int(v)


def run_one(path):
  """runs one program under tinygrad in this process: the expected dict, or the indices of
  outputs that are None (gradients tinygrad did not set) as {"none": [...]}"""
  from tinygrad import Tensor, dtypes
  from tinygrad.helpers import GlobalCounters
  from tinygrad.dtype import strong_dtype
  from tinygrad.uop.ops import Ops
  import tinygrad.engine.realize as R

  names = {getattr(dtypes, n): n for n in DTYPE_NAMES}
  copies = [0]
  track_stats = R.track_stats
  def counting(ctx, call, st, ets):
    if ctx.update_stats and call.src[0].op is Ops.COPY: copies[0] += len(R.get_call_kernels(call))
    return track_stats(ctx, call, st, ets)
  R.track_stats = counting
  with open(path) as f: src = f.read()
  code = compile(ast.parse(src, filename=path), path, "exec")

  def outputs():
    ns = {"__name__": "__tensor_program__", "__file__": path}
    exec(code, ns)
    val = ns["out"]
    outs = [val] if isinstance(val, Tensor) else list(val)
    if any(o is None for o in outs): return outs
    prepared = []
    for o in outs:
      if o.dtype in dtypes.weaks: o = o.cast(strong_dtype(o.dtype))
      if o.device is None: o = o.clone(os.environ.get("DEV", "CPU"))
      prepared.append(o)
    return prepared

  def recorded(o):
    is_float = dtypes.is_float(o.dtype)
    vals = list(_flat(o.tolist()))
    return {"dtype": names[o.dtype], "shape": [int(s) for s in o.shape], "data": [_jsonable(v, is_float) for v in vals]}

  GlobalCounters.reset()
  prepared = outputs()
  none = [i for i, o in enumerate(prepared) if o is None]
  if none: return {"none": none}
  Tensor.realize(*prepared)
  kernels = GlobalCounters.kernel_count - copies[0]
  R.track_stats = track_stats
  res = [recorded(o) for o in prepared]
  expected = {"outputs": res, "kernels": kernels, "copies": copies[0], "tinygrad_commit": TINYGRAD_COMMIT}
  # the same program again with each output realized on its own, in order (as .tolist() on each
  # would): tinygrad's rewrites see other graphs then, and a few results differ (NaN or 0 for the
  # gradient of sigmoid at -300); such an output's second value is accepted too
  alone = [recorded(o) for o in outputs()]
  alternatives = {str(i): a for i, (a, r) in enumerate(zip(alone, res)) if a != r}
  if alternatives: expected["alternatives"] = alternatives
  return expected


def run_batch(paths):
  """runs programs one after another in one tinygrad process (its start-up is most of the cost);
  returns {path: result dict or {"error": last line}}"""
  p = subprocess.run([sys.executable, os.path.abspath(__file__), "--batch"] + paths, capture_output=True, text=True)
  results = {}
  for line in p.stdout.splitlines():
    if line.startswith("{"):
      r = json.loads(line)
      results[r["path"]] = r["result"]
  err = p.stderr.strip().splitlines()
  for path in paths:
    results.setdefault(path, {"error": err[-1] if err else f"exit {p.returncode}"})
  return results


def generate(table, jobs):
  """writes every entry's program and expected file; returns {name: error} for the entries skipped"""
  pending = {os.path.join(OUT_DIR, e["name"] + ".py"): e for e in table}
  skipped = {}
  for _ in range(2):
    meta = {}
    for path, entry in pending.items():
      src, n_out, grads = program_source(entry)
      with open(path, "w") as f: f.write(src)
      meta[path] = (n_out, grads)
    paths = sorted(pending)
    chunks = [paths[i::max(1, jobs) * 4] for i in range(max(1, jobs) * 4)]
    results = {}
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as ex:
      for r in ex.map(run_batch, [c for c in chunks if c]): results.update(r)
    retry = {}
    for path, res in results.items():
      entry = pending[path]
      if "error" in res:
        skipped[entry["name"]] = res["error"]
        os.remove(path)
        continue
      if "none" in res:
        n_out, grads = meta[path]
        unset = [g for i, g in enumerate(grads) if n_out + i in res["none"]]
        if unset and len(unset) == len(res["none"]):
          retry[path] = dict(entry, no_grad=entry["no_grad"] + unset)
        else:
          skipped[entry["name"]] = "outputs stay None"
          os.remove(path)
        continue
      with open(path[:-3] + ".expected.json", "w") as f: f.write(json.dumps(res, allow_nan=False) + "\n")
    pending = retry
  for path, entry in pending.items():
    skipped[entry["name"]] = "outputs stay None"
    os.remove(path)
  return skipped


def main(argv):
  if argv and argv[0] == "--batch":
    for path in argv[1:]:
      try:
        res = run_one(path)
      except Exception as e:  # tinygrad rejects the program: report it, go on with the next
        res = {"error": f"{type(e).__name__}: {e}".splitlines()[0][:300]}
      sys.stdout.write(json.dumps({"path": path, "result": res}, allow_nan=False) + "\n")
      sys.stdout.flush()
    return 0
  jobs, only, it = 2, None, iter(argv)
  for a in it:
    if a == "-j": jobs = int(next(it))
    elif a == "--only": only = next(it)
    else:
      print(__doc__.strip().splitlines()[2], file=sys.stderr)
      return 2
  sys.path.insert(0, HERE)
  from ops_table import entries
  table = entries()
  os.makedirs(OUT_DIR, exist_ok=True)
  if only: table = [e for e in table if only in e["name"]]
  else:
    for f in os.listdir(OUT_DIR):
      if f.endswith(".py") or f.endswith(".expected.json"): os.remove(os.path.join(OUT_DIR, f))
  skipped = generate(table, jobs)
  for n in sorted(skipped): print(f"SKIP {n}: tinygrad: {skipped[n]}")
  print(f"{len(table) - len(skipped)} programs written, {len(skipped)} skipped")
  return 0


if __name__ == "__main__":
  sys.exit(main(sys.argv[1:]))
