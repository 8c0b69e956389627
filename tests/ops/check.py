#!/usr/bin/env python3
"""Runs the op suite (programs/*.py) through uopc and compares with tinygrad's recorded outputs.

usage: python3 check.py --uopc PATH [--device D] [-j N] [--timeout S] [--min-pass PERCENT] [--every N]
                        [--list-failures FILE] [-v] [NAME_SUBSTRING...]

For every programs/NAME.py with a NAME.expected.json it runs `uopc run NAME.py --json [--device D]`
and compares, with the conformance corpus's rules:
  * same number of outputs, same dtype names and shapes, len(data) == prod(shape);
  * float32/float64: |got - want| <= 1e-5 + 1e-4 * |want|; float16/bfloat16: 1e-2 + 1e-2 * |want|;
    "nan" matches only NaN, "inf"/"-inf" only the same infinity (JSON NaN/Infinity accepted);
  * ints and bools exact (a bool must be true/false, an int a JSON integer);
  * an output with "alternatives" (tinygrad's values when each output is realized on its own,
    where they differ from realizing all together) matches either recording.
Prints `FAIL NAME: reason` per failing program (`ok NAME` too with -v), then the summary line
`N passed, M failed (P%)`. --list-failures writes the failing names, one a line, sorted.
Exit status 1 if the pass rate is below --min-pass (default 100), 2 on a usage error.
Standard library only.
"""
import sys, os, json, math, argparse, subprocess
from concurrent.futures import ThreadPoolExecutor

PROGRAMS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "programs")
FLOAT_TOL = {"float32": (1e-4, 1e-5), "float64": (1e-4, 1e-5), "float16": (1e-2, 1e-2), "bfloat16": (1e-2, 1e-2)}
SPECIAL = {"nan": math.nan, "inf": math.inf, "-inf": -math.inf, "NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}


def as_float(v):
  if isinstance(v, bool): return None
  if isinstance(v, (int, float)): return float(v)
  return SPECIAL.get(v) if isinstance(v, str) else None


def value_ok(got, want, dtype):
  if dtype in FLOAT_TOL:
    g, w = as_float(got), as_float(want)
    if g is None or w is None: return False
    if math.isnan(g) or math.isnan(w): return math.isnan(g) and math.isnan(w)
    if math.isinf(g) or math.isinf(w): return g == w
    rtol, atol = FLOAT_TOL[dtype]
    return abs(g - w) <= atol + rtol * abs(w)
  if dtype == "bool": return isinstance(got, bool) and got == want
  return isinstance(got, int) and not isinstance(got, bool) and got == want


def unflatten_index(flat, shape):
  idx = []
  for s in reversed(shape):
    idx.append(flat % s if s else 0)
    flat = flat // s if s else 0
  return idx[::-1]


def compare(got, want):
  """None when the outputs match, else a one-line reason"""
  if not isinstance(got, dict) or not isinstance(got.get("outputs"), list): return 'stdout JSON has no "outputs" list'
  go, wo = got["outputs"], want["outputs"]
  if len(go) != len(wo): return f"got {len(go)} outputs, expected {len(wo)}"
  for i, (g, w) in enumerate(zip(go, wo)):
    reason = compare_output(i, g, w)
    alternative = want.get("alternatives", {}).get(str(i))
    if reason and alternative and not compare_output(i, g, alternative): reason = None
    if reason: return reason
  return None


def compare_output(i, g, w):
  """None when output i matches the recorded output w, else a one-line reason"""
  if not isinstance(g, dict): return f"output {i}: not an object"
  if g.get("dtype") != w["dtype"]: return f"output {i}: dtype {g.get('dtype')}, expected {w['dtype']}"
  if list(g.get("shape", [None])) != w["shape"]: return f"output {i}: shape {g.get('shape')}, expected {w['shape']}"
  data = g.get("data")
  if not isinstance(data, list): return f"output {i}: data is not a list"
  if len(data) != len(w["data"]): return f"output {i}: {len(data)} values, expected {len(w['data'])}"
  bad = [j for j, (a, b) in enumerate(zip(data, w["data"])) if not value_ok(a, b, w["dtype"])]
  if bad:
    j = bad[0]
    return (f"output {i} ({w['dtype']}{w['shape']}): {len(bad)} of {len(data)} values differ, first at "
            f"{unflatten_index(j, w['shape'])}: got {json.dumps(data[j])}, expected {json.dumps(w['data'][j])}")
  return None


def run_one(uopc, prog, device, timeout):
  """(passed, reason)"""
  with open(prog[:-3] + ".expected.json") as f: want = json.load(f)
  cmd = [uopc, "run", prog, "--json"] + (["--device", device] if device else [])
  try:
    p = subprocess.run(cmd, capture_output=True, timeout=timeout)
  except subprocess.TimeoutExpired:
    return False, f"timeout after {timeout:g} s"
  err = p.stderr.decode("utf-8", "replace").strip()
  if p.returncode != 0:
    return False, f"uopc exited {p.returncode}: " + (" | ".join(err.splitlines()[:3]) if err else "(no stderr)")
  try:
    got = json.loads(p.stdout.decode("utf-8", "replace"))
  except ValueError as e:
    return False, f"stdout is not one JSON object ({e})"
  reason = compare(got, want)
  return reason is None, reason


def main(argv):
  ap = argparse.ArgumentParser(description="run tinygrad's op suite against uopc")
  ap.add_argument("--uopc", required=True, help="path to the uopc binary")
  ap.add_argument("--device", help="passed to uopc as --device D")
  ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1, help="programs run in parallel (default: all cores)")
  ap.add_argument("--timeout", type=float, default=120.0, help="seconds per program (default 120)")
  ap.add_argument("--min-pass", type=float, default=100.0, help="lowest pass rate, in percent, that exits 0 (default 100)")
  ap.add_argument("--list-failures", metavar="FILE", help="write the failing program names to FILE")
  ap.add_argument("-v", "--verbose", action="store_true", help="also print an ok line per passing program")
  ap.add_argument("--every", type=int, default=1, metavar="N",
                  help="check every Nth program by name only, for a quicker run (default 1: all)")
  ap.add_argument("names", nargs="*", help="run only programs whose name contains one of these")
  try:
    args = ap.parse_args(argv)
  except SystemExit as e:
    return 2 if e.code else 0
  if not (os.path.isfile(args.uopc) and os.access(args.uopc, os.X_OK)):
    print(f"check.py: uopc not found at {args.uopc}", file=sys.stderr)
    return 2
  progs = sorted(os.path.join(PROGRAMS, f) for f in os.listdir(PROGRAMS)
                 if f.endswith(".py") and os.path.isfile(os.path.join(PROGRAMS, f[:-3] + ".expected.json")))
  if args.names: progs = [p for p in progs if any(n in os.path.basename(p) for n in args.names)]
  progs = progs[::max(1, args.every)]
  if not progs:
    print("check.py: no programs", file=sys.stderr)
    return 2
  with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
    results = list(ex.map(lambda p: run_one(args.uopc, p, args.device, args.timeout), progs))
  failed = []
  for prog, (ok, reason) in zip(progs, results):
    name = os.path.basename(prog)[:-3]
    if ok:
      if args.verbose: print(f"ok   {name}")
    else:
      failed.append(name)
      print(f"FAIL {name}: {reason}")
  if args.list_failures:
    with open(args.list_failures, "w") as f: f.write("".join(n + "\n" for n in sorted(failed)))
  passed = len(progs) - len(failed)
  rate = 100.0 * passed / len(progs)
  print(f"{passed} passed, {len(failed)} failed ({rate:.1f}%)")
  return 0 if rate >= args.min_pass else 1


if __name__ == "__main__":
  sys.exit(main(sys.argv[1:]))
