#!/usr/bin/env python3
"""Shrinks a failing input while the failure (the same kind) persists.

    shrink.py [--uopc PATH] [--mode diff|run|show] [--kind KIND] [-o OUT] FILE

Modes (default: diff for .py files, show for .uop files):
  diff  the differential check of diff_devices.py (REF and the device the kind names);
        kinds: load, crash:D, timeout:D, error:D, mismatch:D
  run   `uopc run FILE --device REF` as the loader fuzzer runs it; kinds: crash, timeout
  show  `uopc show FILE` as the IR fuzzer runs it; kinds: crash, timeout

A program that Python's ast module parses is shrunk on its syntax tree: statements are
dropped (a loop is replaced by its body), output lists lose elements, expressions are
replaced by their operands (x.sin() -> x, a + b -> a or b, x[1:] -> x), numbers are made
smaller or rounder. Anything else (a mutated file, textual IR) is shrunk line by line,
then by chunks of characters. The result goes to OUT (default FILE with .min before the
suffix) with a first-line comment that says what fails.
"""

import argparse
import ast
import copy
import itertools
import os
import re
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzzlib  # noqa: E402


class Checker:
  """Tells the failure kind of an input text (None: it passes)."""

  def __init__(self, uopc, mode, devices, timeout, tol, suffix):
    self.uopc = uopc
    self.mode = mode
    self.devices = devices
    self.timeout = timeout
    self.tol = tol
    self.suffix = suffix
    self.runs = 0

  def kind(self, text, devices=None):
    self.runs += 1
    with tempfile.TemporaryDirectory(prefix="uopshrink") as d:
      path = os.path.join(d, "input" + self.suffix)
      with open(path, "wb" if isinstance(text, bytes) else "w") as f:
        f.write(text)
      if self.mode == "diff":
        return fuzzlib.check_program(self.uopc, path, devices or self.devices, self.timeout, self.tol).kind
      args = ["run", path, "--device", "REF"] if self.mode == "run" else ["show", path]
      return fuzzlib.run_uopc(self.uopc, args, self.timeout, memory_limit_bytes=4 << 30).problem()

  def devices_for(self, kind):
    """Only REF and the device the kind names need to run again."""
    if self.mode != "diff" or ":" not in kind:
      return self.devices if kind != "load" else ["REF"]
    device = kind.split(":", 1)[1]
    return ["REF"] if device == "REF" else ["REF", device]


# ---------------------------------------------------------------- syntax-tree reductions

def stmt_lists(tree):
  """(owner, field) of every statement list in the tree."""
  out = []
  for node in ast.walk(tree):
    for field in ("body", "orelse"):
      if isinstance(getattr(node, field, None), list) and getattr(node, field):
        out.append((node, field))
  return out


def expr_sites(tree):
  """(parent, field, index) of every expression node (index None for a single child)."""
  sites = []
  for parent in ast.walk(tree):
    for field, value in ast.iter_fields(parent):
      if isinstance(value, list):
        for i, v in enumerate(value):
          if isinstance(v, ast.expr):
            sites.append((parent, field, i))
      elif isinstance(value, ast.expr):
        sites.append((parent, field, None))
  return sites


def get_site(site):
  parent, field, index = site
  value = getattr(parent, field)
  return value if index is None else value[index]


def set_site(site, node):
  parent, field, index = site
  if index is None:
    setattr(parent, field, node)
  else:
    getattr(parent, field)[index] = node


def operand_replacements(node):
  """Simpler expressions that could stand for node."""
  out = []
  if isinstance(node, ast.Call):
    if isinstance(node.func, ast.Attribute):
      out.append(node.func.value)
    out += [a for a in node.args if not isinstance(a, ast.Constant)]
  elif isinstance(node, ast.BinOp):
    out += [node.left, node.right]
  elif isinstance(node, ast.UnaryOp):
    out.append(node.operand)
  elif isinstance(node, ast.Subscript):
    out.append(node.value)
  elif isinstance(node, ast.Attribute) and isinstance(node.value, (ast.Call, ast.Subscript, ast.Attribute)):
    out.append(node.value)
  elif isinstance(node, ast.Compare):
    out.append(node.left)
  elif isinstance(node, ast.BoolOp):
    out += node.values
  return out


def constant_replacements(node):
  if not isinstance(node, ast.Constant) or isinstance(node.value, bool):
    return []
  v = node.value
  out = []
  if isinstance(v, int):
    for c in (0, 1, v // 2, -v if v < 0 else None):
      if c is not None and abs(c) < abs(v):
        out.append(c)
  elif isinstance(v, float):
    for c in (0.0, 1.0, float(round(v)), round(v, 1), -v if v < 0 else None):
      if c is not None and c != v and len(repr(c)) <= len(repr(v)) and abs(c) <= abs(v):
        out.append(c)
  return [ast.Constant(c) for c in dict.fromkeys(out)]


def list_drops(node):
  """An output list without one element; a one-element list as its element."""
  if not isinstance(node, (ast.List, ast.Tuple)) or len(node.elts) < 1:
    return []
  if not all(isinstance(e, (ast.Name, ast.Attribute)) for e in node.elts):
    return []   # only lists of names (outputs), not data or shapes
  out = []
  if len(node.elts) == 1:
    out.append(node.elts[0])
  for i in range(len(node.elts)):
    if len(node.elts) > 1:
      out.append(type(node)(elts=node.elts[:i] + node.elts[i + 1:], ctx=node.ctx))
  return out


def candidates(tree):
  """Reduced trees, roughly the biggest reductions first (generated lazily)."""
  # 1. drop a statement (latest first); a loop becomes its body
  n_lists = len(stmt_lists(tree))
  for li in range(n_lists):
    owner, field = stmt_lists(tree)[li]
    for si in reversed(range(len(getattr(owner, field)))):
      t = copy.deepcopy(tree)
      o, f = stmt_lists(t)[li]
      body = getattr(o, f)
      stmt = body[si]
      if isinstance(stmt, (ast.ImportFrom, ast.Import)):
        continue
      if isinstance(stmt, ast.For):
        body[si:si + 1] = stmt.body
        yield t
        t = copy.deepcopy(tree)
        o, f = stmt_lists(t)[li]
        body = getattr(o, f)
      if len(body) > 1:
        del body[si]
        yield t
  # 2. expressions: lists shortened, operands for their expression, smaller constants
  n_sites = len(expr_sites(tree))
  for kind in ("list", "operand", "constant"):
    for k in range(n_sites):
      node = get_site(expr_sites(tree)[k])
      if kind == "list":
        options = list_drops(node)
      elif kind == "operand":
        options = operand_replacements(node)
      else:
        options = constant_replacements(node)
      for j in range(len(options)):
        t = copy.deepcopy(tree)
        site = expr_sites(t)[k]
        new = (list_drops if kind == "list" else operand_replacements if kind == "operand"
               else constant_replacements)(get_site(site))[j]
        set_site(site, new)
        yield t


def inlinings(tree):
  """Trees where one top-level assignment `name = expr` is gone and its uses read expr."""
  for i, stmt in enumerate(tree.body):
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
      continue
    name = stmt.targets[0].id
    t = copy.deepcopy(tree)
    value = t.body[i].value
    del t.body[i]

    class Inline(ast.NodeTransformer):
      def visit_Name(self, node):
        if node.id == name and isinstance(node.ctx, ast.Load):
          return copy.deepcopy(value)
        return node
    rest = ast.Module(body=t.body[i:], type_ignores=[])
    reassigned = any(isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)
                     for n in ast.walk(rest))
    if reassigned:
      continue
    t.body[i:] = [Inline().visit(s) for s in t.body[i:]]
    yield t


def size(text):
  """What the shrinker makes smaller: the length, then the magnitude of the numbers."""
  return (len(text), sum(abs(float(x)) for x in re.findall(r"\d+\.?\d*(?:e[-+]?\d+)?", text)))


def shrink_ast(text, still_fails, deadline, log):
  tree = ast.parse(text)
  best = ast.unparse(tree) + "\n"
  progress = True
  while progress and time.monotonic() < deadline:
    progress = False
    for t in itertools.chain(candidates(tree), inlinings(tree)):
      if time.monotonic() > deadline:
        break
      try:
        new = ast.unparse(t) + "\n"
      except Exception:  # a reduction that cannot be printed
        continue
      if size(new) >= size(best):
        continue
      if still_fails(new):
        tree, best = ast.parse(new), new
        log("  %d bytes" % len(best))
        progress = True
        break
  return best


# ---------------------------------------------------------------- line and character reductions

def shrink_chunks(text, still_fails, deadline, log):
  """ddmin-style: remove chunks of lines, then chunks of characters."""
  is_bytes = isinstance(text, bytes)
  sep = b"\n" if is_bytes else "\n"

  def reduce(units, join):
    n = 2
    while len(units) >= 2 and time.monotonic() < deadline:
      size = max(1, len(units) // n)
      removed = False
      for start in range(0, len(units), size):
        if time.monotonic() > deadline:
          break
        trial = units[:start] + units[start + size:]
        if trial and still_fails(join(trial)):
          units = trial
          log("  %d units" % len(units))
          n = max(n - 1, 2)
          removed = True
          break
      if not removed:
        if size == 1:
          break
        n = min(len(units), n * 2)
    return units

  lines = reduce(text.split(sep), lambda u: sep.join(u))
  text = sep.join(lines)
  chars = [text[i:i + 1] for i in range(len(text))]
  empty = b"" if is_bytes else ""
  chars = reduce(chars, lambda u: empty.join(u))
  return empty.join(chars)


def main(argv=None):
  parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
  parser.add_argument("file")
  parser.add_argument("--uopc")
  parser.add_argument("--mode", choices=["diff", "run", "show"])
  parser.add_argument("--kind", help="the failure to keep (default: the one the file shows now)")
  parser.add_argument("--devices", help="comma-separated devices for diff mode")
  parser.add_argument("--timeout", type=float, default=60)
  parser.add_argument("--max-minutes", type=float, default=20)
  parser.add_argument("--loose", type=float, default=1e-4)
  parser.add_argument("--nice", type=int, default=10)
  parser.add_argument("-o", "--out")
  args = parser.parse_args(argv)

  fuzzlib.set_nice(args.nice)
  uopc = fuzzlib.find_uopc(args.uopc)
  if not uopc:
    print("shrink: uopc not found", file=sys.stderr)
    return 2
  suffix = os.path.splitext(args.file)[1] or ".py"
  mode = args.mode or ("show" if suffix == ".uop" else "diff")
  devices = args.devices.split(",") if args.devices else (
    [d for d in fuzzlib.list_devices(uopc) if not d.startswith("CL:") or d == "CL:0"] if mode == "diff" else [])
  checker = Checker(uopc, mode, devices, args.timeout, fuzzlib.Tolerance(args.loose), suffix)
  with open(args.file, "rb") as f:
    raw = f.read()
  try:
    text = raw.decode("utf-8")
    # the header comment a fuzzer wrote is not part of the input
    text = re.sub(r"\A# FAILS [^\n]*\n", "", text)
  except UnicodeDecodeError:
    text = raw
  # the tolerance of the original program (float16 programs are marked), kept while shrinking
  checker.tol = checker.tol.for_program(text)
  kind = args.kind or checker.kind(text)
  if not kind:
    print("shrink: %s does not fail" % args.file, file=sys.stderr)
    return 1
  print("shrinking %s (%s, %d bytes)" % (args.file, kind, len(text)), flush=True)
  run_devices = checker.devices_for(kind)

  def still_fails(candidate):
    return checker.kind(candidate, run_devices) == kind

  def log(msg):
    print(msg, flush=True)

  deadline = time.monotonic() + args.max_minutes * 60
  parsed = False
  if isinstance(text, str) and suffix == ".py":
    try:
      ast.parse(text)
      parsed = True
    except SyntaxError:
      pass
  if parsed:
    small = shrink_ast(text, still_fails, deadline, log)
    if not still_fails(small):   # unparse changed the meaning: keep the original
      small = text
  else:
    small = shrink_chunks(text, still_fails, deadline, log)
  out = args.out or re.sub(r"(\.[^.]*)?$", r".min\1", args.file, count=1)
  if isinstance(small, str):
    comment = "# FAILS %s\n" % kind
    with open(out, "w") as f:
      f.write(comment + small if suffix == ".py" else small)
  else:
    with open(out, "wb") as f:
      f.write(small)
  print("%s: %d bytes, %s, %d checks" % (out, len(small), kind, checker.runs))
  return 0


if __name__ == "__main__":
  sys.exit(main())
