#!/usr/bin/env python3
"""scripts/check_tinygrad_models reads a driver's tolerance: the default, its
`# tolerance:` line, and a `# tolerance DEVICE:` line that applies to that
device alone and wins over the general one."""
import pathlib
import sys
import tempfile

from script_module import load_script


def main():
    checker = load_script("check_tinygrad_models")
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
