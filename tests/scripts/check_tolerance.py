#!/usr/bin/env python3
"""scripts/check_tinygrad_models reads a driver's tolerance: the default, its
`# tolerance:` line, and a `# tolerance DEVICE:` line that applies to that
device alone and wins over the general one."""
import importlib.machinery
import importlib.util
import pathlib
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]


def load_checker():
    loader = importlib.machinery.SourceFileLoader("check_tinygrad_models", str(ROOT / "scripts" / "check_tinygrad_models"))
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader(loader.name, loader))
    loader.exec_module(module)
    return module


def main():
    checker = load_checker()
    cases = [
        ("x = 1\n", "REF", checker.DEFAULT_TOLERANCE),
        ("# tolerance: 3e-5\n", "REF", 3e-5),
        ("# tolerance REF: 2.3e-4 (why)\n# tolerance: 3e-5\n", "REF", 2.3e-4),
        ("# tolerance REF: 2.3e-4 (why)\n# tolerance: 3e-5\n", "CPU", 3e-5),
        ("# tolerance REF: 2.3e-4 (why)\n", "CL:0", checker.DEFAULT_TOLERANCE),
        ("# tolerance CL:0: 4e-5\n", "CL:0", 4e-5),
    ]
    failed = 0
    with tempfile.TemporaryDirectory() as folder:
        driver = pathlib.Path(folder) / "driver.py"
        for text, device, want in cases:
            driver.write_text(text)
            got = checker.tolerance_of(driver, device)
            if got != want:
                failed += 1
                print(f"FAIL: {text!r} on {device}: tolerance {got}, expected {want}")
    print(f"{len(cases) - failed}/{len(cases)} tolerance cases pass")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
