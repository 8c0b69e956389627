#!/usr/bin/env python3
"""scripts/bench_e2e's tinygrad side realizes a program's outputs as
PROGRAM_FORMAT.md defines them: the printed tensors, else the last top-level
assignment. A program that prints only lists (a model driver printing
`.tolist()`) has nothing left to realize, whatever it assigned last (an
optimizer, a model). Runs the driver against a small stand-in for tinygrad's
Tensor that records what is realized."""
import pathlib
import subprocess
import sys
import tempfile

from script_module import load_script

STAND_IN = '''
class DType:
  pass
class dtypes:
  float32 = DType()
  weaks = ()
class Tensor:
  realized = []
  device = "CPU"
  dtype = dtypes.float32
  def __init__(self, name): self.name = name
  def tolist(self): return [self.name]
  @staticmethod
  def realize(*ts): Tensor.realized.extend(t.name for t in ts)
'''

PROGRAMS = {
    # prints lists, last assigns a model: nothing to realize
    "prints_lists.py": ("from tinygrad import Tensor\nclass Model: pass\nt = Tensor('t')\nprint(t.tolist())\n"
                        "model = Model()\n", "realized []"),
    # prints a tensor: that one
    "prints_tensor.py": ("from tinygrad import Tensor\nt = Tensor('t')\nprint(t)\nu = Tensor('u')\n", "realized ['t']"),
    # prints nothing: the last assignment
    "assigns.py": ("from tinygrad import Tensor\nt = Tensor('t')\nu = Tensor('u')\n", "realized ['u']"),
}


def main():
    driver = load_script("bench_e2e").DRIVER + "\nprint('realized', Tensor.realized)\n"
    failed = 0
    with tempfile.TemporaryDirectory() as folder:
        package = pathlib.Path(folder) / "tinygrad"
        package.mkdir()
        (package / "__init__.py").write_text(STAND_IN)
        (package / "dtype.py").write_text("def strong_dtype(d): return d\n")
        for name, (text, want) in PROGRAMS.items():
            program = pathlib.Path(folder) / name
            program.write_text(text)
            proc = subprocess.run([sys.executable, "-c", driver, str(program)], capture_output=True, text=True,
                                  env={"PYTHONPATH": folder})
            last = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else proc.stderr.strip()
            if proc.returncode != 0 or last != want:
                failed += 1
                print(f"FAIL {name}: {last!r}, expected {want!r}")
    print(f"{len(PROGRAMS) - failed}/{len(PROGRAMS)} programs realize their outputs")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
