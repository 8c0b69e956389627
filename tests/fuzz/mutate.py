#!/usr/bin/env python3
"""Mutation fuzzers for the program loader and the textual IR parser.

    mutate.py [--uopc PATH] [--target run|show|both] [--seed S] [--seconds T | --count N] [--out DIR]

Seeds: the bundled examples (resources/examples/*.py), the conformance programs
(../shared/conformance/programs/*.py) for the loader; resources/examples/matmul.uop and
the graphs `uopc stages` prints for a few example programs (one file per stage and
kernel) for the IR parser. Each input is a seed with 1-4 mutations of its bytes (bit
flips, deleted, inserted or duplicated ranges, interesting characters) or of its
tokens (deleted, duplicated, swapped, replaced by a token of the same file or of a
dictionary: keywords, operators, op and dtype names, edge-case numbers).

Targets: `uopc run FILE.py --device REF` (loader and reference evaluator) and
`uopc show FILE.uop` (IR parser, printer, verifier), each under a timeout and a 4 GiB
address-space limit. Exit 0, or exit 1 with a message, is a normal end. A signal, a
sanitizer report, any other exit code, exit 1 with no message, or a hang is a failure:
the input is saved to DIR/<target>_<kind>/ with a .txt saying what happened.
Exit status: 0 when nothing failed, 1 when something did, 2 when uopc is missing.
"""

import argparse
import glob
import os
import random
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzzlib  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
CONFORMANCE = os.path.normpath(os.path.join(ROOT, "..", "shared", "conformance", "programs"))
MEMORY_LIMIT = 4 << 30
STATS = {}  # what the last main() did, for scripts/fuzz

PY_DICT = [
  "def", "return", "if", "elif", "else", "for", "in", "not", "and", "or", "None", "True", "False", "lambda",
  "while", "class", "import", "from", "print", "range", "len", "(", ")", "[", "]", "{", "}", ",", ":", ".",
  "=", "+=", "*=", "+", "-", "*", "/", "//", "%", "**", "@", "&", "|", "^", "~", "<<", ">>", "<", "<=", "==",
  "!=", ">", ">=", "...", "*", "\n", "\n  ", "  ", "\\\n", "#", "'", '"', "'''", "x", "Tensor", "dtypes",
  "function", "Tensor.arange", ".reshape", ".permute", ".expand", ".pad", ".shrink", ".sum", ".max",
  ".backward()", ".grad", ".T", ".float()", ".half()", ".cast", "dtypes.float16", "dtypes.int8",
  "dtypes.bool", "dtypes.uint64", "dtypes.bfloat16", "float('nan')", "float('inf')", "axis=", "keepdim=True",
  "dim=", "-1", "0", "1", "2", "3", "7", "-2", "0.5", "1e-30", "1e300", "-0.0", "2147483647", "-2147483648",
  "4294967296", "9223372036854775807", "18446744073709551616", "65536", "1_000", "0x10", "0b101", "1j",
]

UOP_DICT = [
  "(", ")", ",", "=", "%0", "%1", "%2", "%99", "%-1", "%4294967296", "dtypes.float", "dtypes.int",
  "dtypes.index", "dtypes.bool", "dtypes.half", "dtypes.void", "dtypes.float.ptr(16)", "dtypes.float.vec(4)",
  ".ptr(", ".vec(", "arg=", "()", "(1,)", "(0,)", "(-1,)", "0", "1", "-1", "4", "16", "2147483647",
  "9223372036854775807", "-9223372036854775808", "18446744073709551616", "1e308", "inf", "nan", "-inf",
  "True", "False", "None", "\"CPU\"", "\"\"", "id=", "size=", "device=", "addrspace=", "GLOBAL", "LOCAL",
  "REG", "axes=", "Add", "Mul", "Max", "Const", "Buffer", "Reshape", "Expand", "Reduce", "Stack", "Range",
  "Index", "Load", "Store", "End", "Sink", "Param", "Permute", "Pad", "Shrink", "Flip", "Cast", "Bitcast",
  "Where", "Call", "Function", "Wmma", "Vectorize", "Gep", "LOOP", "REDUCE", "UPCAST", "#", "\n", " ",
]

TOKEN_RE = re.compile(r"%-?\d+|[A-Za-z_][A-Za-z_0-9]*|\d+\.?\d*(?:[eE][-+]?\d+)?|'[^'\n]*'|\"[^\"\n]*\""
                      r"|\*\*|//|<<|>>|[<>=!]=|\n[ ]*|[ \t]+|.", re.S)


def tokens(text):
  return TOKEN_RE.findall(text)


class Mutator:
  def __init__(self, rng, dictionary):
    self.rng = rng
    self.dictionary = dictionary

  def mutate_bytes(self, data):
    data = bytearray(data)
    if not data:
      return bytes(self.rng.choice(self.dictionary).encode())
    r = self.rng.randrange(6)
    i = self.rng.randrange(len(data))
    if r == 0:
      data[i] ^= 1 << self.rng.randrange(8)
    elif r == 1:
      del data[i:i + self.rng.randint(1, 16)]
    elif r == 2:
      data[i:i] = bytes([self.rng.randrange(256)])
    elif r == 3:
      j = self.rng.randrange(len(data))
      data[i:i] = data[j:j + self.rng.randint(1, 32)]
    elif r == 4:
      data[i] = ord(self.rng.choice("()[]{},:;.=+-*/%@<>!#'\"\\\n\t 0123456789eE_xj"))
    else:
      data[i:i] = self.rng.choice(self.dictionary).encode()
    return bytes(data)

  def mutate_tokens(self, data):
    try:
      text = data.decode("utf-8")
    except UnicodeDecodeError:
      return self.mutate_bytes(data)
    toks = tokens(text)
    if len(toks) < 2:
      return self.mutate_bytes(data)
    r = self.rng.randrange(5)
    i = self.rng.randrange(len(toks))
    if r == 0:
      del toks[i:i + self.rng.randint(1, 3)]
    elif r == 1:
      j = self.rng.randrange(len(toks))
      toks.insert(i, toks[j])
    elif r == 2:
      j = self.rng.randrange(len(toks))
      toks[i], toks[j] = toks[j], toks[i]
    elif r == 3:
      toks[i] = self.rng.choice(toks)
    else:
      toks[i] = self.rng.choice(self.dictionary)
    return "".join(toks).encode("utf-8")

  def mutate(self, data):
    for _ in range(self.rng.choice([1, 1, 1, 2, 2, 3, 4])):
      data = self.mutate_tokens(data) if self.rng.random() < 0.6 else self.mutate_bytes(data)
    return data


def loader_seeds():
  files = sorted(glob.glob(os.path.join(ROOT, "resources", "examples", "*.py")))
  files += sorted(glob.glob(os.path.join(CONFORMANCE, "*.py")))
  return [(os.path.basename(f), open(f, "rb").read()) for f in files]


def ir_seeds(uopc, cache_dir):
  """matmul.uop and the graphs of each stage of a few example programs."""
  seeds = [("matmul.uop", open(os.path.join(ROOT, "resources", "examples", "matmul.uop"), "rb").read())]
  programs = [os.path.join(ROOT, "resources", "examples", n) for n in ("softmax.py", "matmul.py", "cumsum.py")]
  programs += [os.path.join(CONFORMANCE, n) for n in ("grad_elementwise.py", "movement_pad_shrink.py",
                                                       "function_used_twice.py", "dtype_half_bfloat16.py")]
  for prog in programs:
    if not os.path.exists(prog):
      continue
    run = fuzzlib.run_uopc(uopc, ["stages", prog], 120)
    if run.rc != 0:
      continue
    section, name = [], None
    for line in run.stdout.splitlines(keepends=True) + ["== end\n"]:
      if line.startswith("== "):
        if name and 3 <= len(section) <= 400:
          seeds.append((name, "".join(section).encode()))
        stage = re.sub(r"[^A-Za-z0-9]+", "_", line[3:].strip()).strip("_")
        name = "%s_%s.uop" % (os.path.splitext(os.path.basename(prog))[0], stage)
        section = []
      else:
        section.append(line)
  return seeds


def main(argv=None):
  parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
  parser.add_argument("--uopc")
  parser.add_argument("--target", choices=["run", "show", "both"], default="both")
  parser.add_argument("--seed", type=int, default=1)
  parser.add_argument("--seconds", type=float)
  parser.add_argument("--count", type=int, help="inputs to try (default: unbounded with --seconds, else 200)")
  parser.add_argument("--timeout", type=float, default=20, help="seconds per uopc run")
  parser.add_argument("--out", default="fuzz-out")
  parser.add_argument("--nice", type=int, default=10)
  parser.add_argument("-q", "--quiet", action="store_true")
  args = parser.parse_args(argv)

  fuzzlib.set_nice(args.nice)
  uopc = fuzzlib.find_uopc(args.uopc)
  if not uopc:
    print("mutate: uopc not found (--uopc, $UOPC, PATH, build/bin/uopc)", file=sys.stderr)
    return 2
  rng = random.Random(args.seed)
  targets = ["run", "show"] if args.target == "both" else [args.target]
  seeds = {}
  if "run" in targets:
    seeds["run"] = loader_seeds()
  if "show" in targets:
    seeds["show"] = ir_seeds(uopc, args.out)
  mutators = {"run": Mutator(rng, PY_DICT), "show": Mutator(rng, UOP_DICT)}
  count = args.count if args.count is not None else (None if args.seconds else 200)
  deadline = time.monotonic() + args.seconds if args.seconds else None
  tried = {t: 0 for t in targets}
  clean_errors = {t: 0 for t in targets}
  failures = {}
  saved_paths = []
  flaky = 0
  work = os.path.join(args.out, "mutate-work")
  os.makedirs(work, exist_ok=True)
  i = 0
  while (count is None or i < count) and (deadline is None or time.monotonic() < deadline):
    target = targets[i % len(targets)]
    i += 1
    seed_name, seed_data = rng.choice(seeds[target])
    data = mutators[target].mutate(seed_data)
    suffix = ".py" if target == "run" else ".uop"
    path = os.path.join(work, "input" + suffix)
    with open(path, "wb") as f:
      f.write(data)
    cmd = ["run", path, "--device", "REF"] if target == "run" else ["show", path]
    run = fuzzlib.run_uopc(uopc, cmd, args.timeout, MEMORY_LIMIT)
    tried[target] += 1
    problem = run.problem()
    if problem:
      # a failure must happen again (uopc may be rebuilt meanwhile); a slow machine is not a
      # hang: a timeout counts only if the run also misses three times the time
      again = fuzzlib.run_uopc(uopc, cmd, args.timeout * (3 if problem == "timeout" else 1), MEMORY_LIMIT)
      if again.problem() != problem:
        flaky += 1
        print("FLAKY %s: %s, then %s" % (target, problem, again.problem() or "fine"), flush=True)
      problem = again.problem()
      run = again
    if problem:
      kind = "%s_%s" % (target, problem)
      failures[kind] = failures.get(kind, 0) + 1
      name = "%s_%d_%d" % (os.path.splitext(seed_name)[0], args.seed, i)
      saved = fuzzlib.save_failure(args.out, kind, name, data, "seed %s\n%s" % (seed_name, run.describe()),
                                   suffix)
      saved_paths.append(saved)
      print("FAIL %s %s: %s" % (kind, saved, run.describe().replace("\n", "\n    ")), flush=True)
    elif run.rc != 0:
      clean_errors[target] += 1
    if not args.quiet and i % 100 == 0:
      print("%d inputs, %d failures" % (i, sum(failures.values())), flush=True)

  STATS.update(tried=dict(tried), failures=dict(failures), saved=list(saved_paths), flaky=flaky)
  if flaky:
    print("mutate: %d failures did not happen again (flaky)" % flaky)
  for t in targets:
    print("mutate %s: %d inputs (%d from %d seeds), %d rejected with a message"
          % (t, tried[t], tried[t], len(seeds[t]), clean_errors[t]))
  return fuzzlib.report_failures(failures, args.out)


if __name__ == "__main__":
  sys.exit(main())
