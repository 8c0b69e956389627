#!/usr/bin/env python3
"""Differential fuzzer: random tensor programs (gen_program.py) run on every device,
each compared with the reference evaluator (REF).

    diff_devices.py [--uopc PATH] [--seed S] [--seconds T | --count N] [--out DIR]
    diff_devices.py [--uopc PATH] FILE.py...      # check given programs instead

For each program it runs `uopc run P.py --json --device D` for D in REF, INTERP, CPU and
CL:0 (when `uopc devices` lists one). A failure is
  load          REF refused the program (a generator bug, or a frontend bug when the
                program is in the subset of PROGRAM_FORMAT.md)
  crash:D       a signal, a sanitizer report, an exit code other than 0/1, exit 1 in silence
  timeout:D     no answer within --timeout seconds
  error:D       D failed (exit 1 with a message) where REF ran the program
  mismatch:D    D's outputs differ from REF's beyond the tolerance (fuzzlib.Tolerance)
Failing programs are saved to DIR/<kind>/<name>.py with a .txt beside them saying what
failed. Exit status: 0 when nothing failed, 1 when something did, 2 when uopc is missing.
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzzlib  # noqa: E402
import gen_program  # noqa: E402

STATS = {}  # what the last main() did, for scripts/fuzz


def main(argv=None):
  parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
  parser.add_argument("programs", nargs="*", help="check these programs instead of generated ones")
  parser.add_argument("--uopc", help="the uopc binary (default: $UOPC, PATH, build/bin/uopc)")
  parser.add_argument("--seed", type=int, default=1, help="first program seed (program i has seed S*100000+i)")
  parser.add_argument("--seconds", type=float, help="stop starting programs after this long")
  parser.add_argument("--count", type=int, help="number of programs (default: unbounded with --seconds, else 50)")
  parser.add_argument("--timeout", type=float, default=60, help="seconds per uopc run")
  parser.add_argument("--devices", help="comma-separated devices (default: REF,INTERP,CPU and CL:0 if present)")
  parser.add_argument("--out", default="fuzz-out", help="folder for failing programs")
  parser.add_argument("--loose", type=float, default=1e-4, help="the loose tolerance (see fuzzlib.Tolerance)")
  parser.add_argument("--nice", type=int, default=10, help="niceness added to this process and its children")
  parser.add_argument("--no-half", action="store_true", help="generate no float16 values")
  parser.add_argument("--replay", action="store_true",
                      help="also check that every stage's rewrites replay to its output (uopc trace --check-replay)")
  parser.add_argument("-q", "--quiet", action="store_true")
  args = parser.parse_args(argv)

  fuzzlib.set_nice(args.nice)
  uopc = fuzzlib.find_uopc(args.uopc)
  if not uopc:
    print("diff_devices: uopc not found (--uopc, $UOPC, PATH, build/bin/uopc)", file=sys.stderr)
    return 2
  if args.devices:
    devices = args.devices.split(",")
  else:
    devices = [d for d in fuzzlib.list_devices(uopc) if not d.startswith("CL:") or d == "CL:0"]
  tol = fuzzlib.Tolerance(args.loose)
  count = args.count if args.count is not None else (None if args.seconds else 50)
  deadline = time.monotonic() + args.seconds if args.seconds else None

  def items():
    if args.programs:
      for p in args.programs:
        yield os.path.splitext(os.path.basename(p))[0], open(p).read()
      return
    i = 0
    while (count is None or i < count) and (deadline is None or time.monotonic() < deadline):
      seed = args.seed * 100000 + i
      yield "prog_%d" % seed, gen_program.generate(seed, not args.no_half)
      i += 1

  tried, loose, flaky = 0, 0, 0
  failures = {}
  saved = []
  slowest = 0.0
  for name, text in items():
    tried += 1
    verdict = fuzzlib.check_text(uopc, text, devices, args.timeout, tol, args.replay)
    if verdict.kind:
      # a failure must happen again: the machine is shared and uopc may be rebuilt meanwhile
      time.sleep(2)
      again = fuzzlib.check_text(uopc, text, devices, args.timeout, tol, args.replay)
      if again.kind != verdict.kind:
        flaky += 1
        print("FLAKY %s: %s, then %s" % (name, verdict.kind, again.kind or "passed"), flush=True)
        verdict = again
    slowest = max(slowest, verdict.seconds)
    if verdict.loose:
      loose += 1
    if verdict.kind:
      failures[verdict.kind] = failures.get(verdict.kind, 0) + 1
      header = "# FAILS %s: %s\n" % (verdict.kind, verdict.detail.splitlines()[0] if verdict.detail else "")
      path = fuzzlib.save_failure(args.out, verdict.kind, name, header + text, verdict.detail)
      saved.append(path)
      print("FAIL %s %s: %s" % (name, verdict.kind, verdict.detail.replace("\n", "\n    ")), flush=True)
    elif not args.quiet:
      print("ok   %s (%.1f s%s)" % (name, verdict.seconds, ", loose" if verdict.loose else ""), flush=True)

  STATS.update(tried=tried, failures=dict(failures), saved=list(saved), loose=loose, flaky=flaky)
  print("differential: %d programs on %s, %d passed only with the loose tolerance, %d flaky, slowest %.1f s"
        % (tried, ",".join(devices), loose, flaky, slowest))
  return fuzzlib.report_failures(failures, args.out)


if __name__ == "__main__":
  sys.exit(main())
