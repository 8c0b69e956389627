"""What the fuzzers share: finding and running uopc, classifying how a run ended,
comparing outputs, saving failing inputs. Standard library only."""

import json
import math
import os
import re
import shutil
import subprocess
import tempfile
import time

HALF_MARK = "# fuzz-tolerance: float16"   # the mark gen_program.py puts on programs with float16 values
SANITIZER_MARKS = ("AddressSanitizer", "LeakSanitizer", "UndefinedBehaviorSanitizer", "runtime error:",
                   "MemorySanitizer", "ThreadSanitizer")


def find_uopc(explicit=None):
  here = os.path.dirname(os.path.abspath(__file__))
  root = os.path.normpath(os.path.join(here, "..", ".."))
  candidates = [explicit, os.environ.get("UOPC"), shutil.which("uopc"),
                os.path.join(root, "build", "bin", "uopc"), os.path.join(root, "build", "uopc")]
  for c in candidates:
    if c and os.path.isfile(c) and os.access(c, os.X_OK):
      return os.path.abspath(c)
  return None


class Run:
  """How one uopc invocation ended."""

  def __init__(self, rc, stdout, stderr, timed_out, seconds):
    self.rc = rc
    self.stdout = stdout
    self.stderr = stderr
    self.timed_out = timed_out
    self.seconds = seconds

  def problem(self):
    """None for a normal end (exit 0, or exit 1 with a message); else the failure kind:
    'timeout', or 'crash' (a signal, a sanitizer report, another exit code, exit 1 in silence)."""
    if self.timed_out:
      return "timeout"
    if any(m in self.stderr for m in SANITIZER_MARKS):
      return "crash"
    if self.rc == 0:
      return None
    if self.rc == 1 and self.stderr.strip():
      return None
    return "crash"

  def describe(self):
    if self.timed_out:
      return "timed out after %.0f s" % self.seconds
    if self.rc < 0:
      return "killed by signal %d" % -self.rc
    tail = self.stderr.strip().splitlines()[-12:]
    return "exit %d%s" % (self.rc, (":\n  " + "\n  ".join(tail)) if tail else " with no message")


def run_uopc(uopc, args, timeout, memory_limit_bytes=None):
  """Runs uopc; retries while the binary is being rebuilt (missing, 'text file busy')."""
  def limit():
    if memory_limit_bytes:
      import resource
      resource.setrlimit(resource.RLIMIT_AS, (memory_limit_bytes, memory_limit_bytes))
  for attempt in range(60):
    start = time.monotonic()
    try:
      proc = subprocess.run([uopc] + list(args), capture_output=True, timeout=timeout,
                            preexec_fn=limit if memory_limit_bytes else None)
    except subprocess.TimeoutExpired as e:
      out = e.stdout.decode("utf-8", "replace") if e.stdout else ""
      err = e.stderr.decode("utf-8", "replace") if e.stderr else ""
      return Run(-9, out, err, True, time.monotonic() - start)
    except (FileNotFoundError, PermissionError, OSError):
      time.sleep(5)   # uopc is being rebuilt
      continue
    err = proc.stderr.decode("utf-8", "replace")
    # a binary uopc starts (a helper next to it) being rebuilt: not a bug, try again
    if proc.returncode == 126 or "Text file busy" in err or (proc.returncode == 1 and re.search(
        r"starting \S+: (Permission denied|No such file)", err)):
      time.sleep(5)
      continue
    return Run(proc.returncode, proc.stdout.decode("utf-8", "replace"), err, False, time.monotonic() - start)
  raise RuntimeError("uopc (%s) could not be started for 5 minutes" % uopc)


def list_devices(uopc):
  run = run_uopc(uopc, ["devices"], 60)
  devices = ["REF", "INTERP", "CPU"]
  for line in run.stdout.splitlines():
    word = line.split()[0] if line.split() else ""
    if word.startswith("CL:"):
      devices.append(word)
  return devices


# ---------------------------------------------------------------- comparing outputs

def as_number(x):
  if isinstance(x, str):
    return {"nan": math.nan, "inf": math.inf, "-inf": -math.inf}.get(x)
  if isinstance(x, bool):
    return None
  return x


class Tolerance:
  """The conformance rules (../../../shared/conformance/README.md), and a looser one for floats.

  Strict: float32 |got - want| <= 1e-5 + 1e-4 |want|, float16 1e-2 + 1e-2 |want|.
  Loose (used only when strict fails; counted separately): an element may also be off by
  `loose` times the largest finite |want| of its tensor. Devices sum in a different order
  than the reference (partial sums over cores, eight accumulators, FMA contraction), so
  the error of a sum scales with the magnitude of its terms, not of its result: a row
  that cancels to ~0 can miss the strict rule by far without any bug. The largest |want|
  of the tensor stands in for the magnitude of the terms. 1e-4 of it is ~800 float32 ulps
  of that scale: rounding noise stays far below it, a wrong index or a wrong op does not.
  """

  def __init__(self, loose=1e-4, all_half=False):
    self.loose = loose
    self.all_half = all_half   # the program computes in float16: every float gets its rule

  def for_program(self, text):
    """This tolerance, or the float16 one for every float when the program says so."""
    marked = HALF_MARK in text if isinstance(text, str) else False
    return Tolerance(self.loose, marked) if marked != self.all_half else self

  def bounds(self, dtype):
    if dtype in ("float16", "bfloat16") or (self.all_half and dtype.startswith("float")):
      return 1e-2, 1e-2
    return 1e-5, 1e-4


def compare_outputs(got, want, tol):
  """None if got matches want, else (message, loose_used) where message is None for a match
  that needed the loose rule."""
  if len(got) != len(want):
    return "%d outputs, the reference has %d" % (len(got), len(want)), False
  loose_used = False
  for i, (g, w) in enumerate(zip(got, want)):
    if g.get("dtype") != w.get("dtype"):
      return "output %d: dtype %s, the reference has %s" % (i, g.get("dtype"), w.get("dtype")), False
    if list(g.get("shape", [])) != list(w.get("shape", [])):
      return "output %d: shape %s, the reference has %s" % (i, g.get("shape"), w.get("shape")), False
    gd, wd = g.get("data", []), w.get("data", [])
    if len(gd) != len(wd):
      return "output %d: %d elements, the reference has %d" % (i, len(gd), len(wd)), False
    dtype = w["dtype"]
    if dtype.startswith("float") or dtype == "bfloat16":
      atol, rtol = tol.bounds(dtype)
      finite = [abs(as_number(v)) for v in wd if as_number(v) is not None and math.isfinite(as_number(v))]
      scale = max(finite) if finite else 0.0
      for j, (a, b) in enumerate(zip(gd, wd)):
        x, y = as_number(a), as_number(b)
        if x is None or y is None:
          return "output %d[%d]: %r, the reference has %r" % (i, j, a, b), False
        if math.isnan(y) or math.isnan(x) or math.isinf(y) or math.isinf(x):
          if not ((math.isnan(x) and math.isnan(y)) or x == y):
            return "output %d[%d]: %r, the reference has %r" % (i, j, a, b), False
          continue
        err = abs(x - y)
        if err <= atol + rtol * abs(y):
          continue
        if err <= atol + rtol * abs(y) + tol.loose * scale * (100 if atol >= 1e-2 else 1):
          loose_used = True
          continue
        return ("output %d (%s %s) [%d]: %r, the reference has %r (|diff| %.3g, largest |value| %.3g)"
                % (i, dtype, w["shape"], j, x, y, err, scale)), False
    else:
      for j, (a, b) in enumerate(zip(gd, wd)):
        if a != b or type(a) is not type(b):
          return "output %d (%s %s) [%d]: %r, the reference has %r" % (i, dtype, w["shape"], j, a, b), False
  return (None, True) if loose_used else None


# ---------------------------------------------------------------- checking one program on every device

class Verdict:
  def __init__(self, kind=None, detail="", loose=False, seconds=0.0):
    self.kind = kind          # None: passed; else e.g. "mismatch:CPU", "crash:REF", "load"
    self.detail = detail
    self.loose = loose
    self.seconds = seconds


def check_program(uopc, path, devices, timeout, tol, replay=False):
  """Runs the program on REF, then on every other device, and compares with REF.
  With replay, also checks that every stage's recorded rewrites replay to its
  output when lowered for each compiling device (`uopc trace --check-replay`)."""
  start = time.monotonic()
  ref = run_uopc(uopc, ["run", path, "--json", "--device", "REF"], timeout)
  problem = ref.problem()
  if problem:
    return Verdict("%s:REF" % problem, ref.describe(), seconds=time.monotonic() - start)
  if ref.rc != 0:
    return Verdict("load", ref.describe(), seconds=time.monotonic() - start)
  try:
    want = json.loads(ref.stdout)["outputs"]
  except (ValueError, KeyError) as e:
    return Verdict("badjson:REF", "%s: %s" % (e, ref.stdout[:300]), seconds=time.monotonic() - start)
  loose = False
  for device in devices:
    if device == "REF":
      continue
    run = run_uopc(uopc, ["run", path, "--json", "--device", device], timeout)
    problem = run.problem()
    if problem:
      return Verdict("%s:%s" % (problem, device), run.describe(), seconds=time.monotonic() - start)
    if run.rc != 0:
      return Verdict("error:%s" % device, run.describe(), seconds=time.monotonic() - start)
    try:
      got = json.loads(run.stdout)["outputs"]
    except (ValueError, KeyError) as e:
      return Verdict("badjson:%s" % device, "%s: %s" % (e, run.stdout[:300]), seconds=time.monotonic() - start)
    result = compare_outputs(got, want, tol)
    if result is not None:
      message, used = result
      if message is not None:
        return Verdict("mismatch:%s" % device, message, seconds=time.monotonic() - start)
      loose = loose or used
  for device in devices if replay else []:
    if device in ("REF", "INTERP"):
      continue
    trace = run_uopc(uopc, ["trace", path, "--check-replay", "--device", device], timeout)
    problem = trace.problem()
    if problem or trace.rc != 0:
      return Verdict("%s:%s" % (problem or "replay", device), trace.describe(), seconds=time.monotonic() - start)
  return Verdict(None, "", loose, time.monotonic() - start)


def check_text(uopc, text, devices, timeout, tol, replay=False):
  tol = tol.for_program(text)
  with tempfile.TemporaryDirectory(prefix="uopfuzz") as d:
    path = os.path.join(d, "program.py")
    with open(path, "w") as f:
      f.write(text)
    return check_program(uopc, path, devices, timeout, tol, replay)


def save_failure(out_dir, kind, name, text, detail, suffix=".py"):
  """Saves a failing input under out_dir/<kind>/ with what failed; returns its path."""
  folder = os.path.join(out_dir, kind.replace(":", "_"))
  os.makedirs(folder, exist_ok=True)
  path = os.path.join(folder, name + suffix)
  mode = "wb" if isinstance(text, bytes) else "w"
  with open(path, mode) as f:
    f.write(text)
  with open(os.path.join(folder, name + ".txt"), "w") as f:
    f.write("%s\n%s\n" % (kind, detail))
  return path


def set_nice(level):
  if level:
    try:
      os.nice(level)
    except OSError:
      pass


def report_failures(failures, out_dir):
  """Prints the failures by kind and where their inputs were saved; the exit code (1 if any)."""
  if failures:
    print("failures: " + ", ".join("%s=%d" % kv for kv in sorted(failures.items())))
    print("saved under %s" % os.path.abspath(out_dir))
  else:
    print("failures: none")
  return 1 if failures else 0
