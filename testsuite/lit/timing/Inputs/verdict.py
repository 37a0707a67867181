#!/usr/bin/env python3
"""Runs a program with --report-json and checks the report's verdict against
docs/cli.md's rule ("What bounds the kernel"), computed here from the
report's exact figures and the chip's documented peaks (kernels.py's
expected_bound). Prints the verdict line for FileCheck.

Usage: verdict.py PROGRAM.s --chip CHIP --tmp DIR [--emu trn-emu]
"""

import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kernels  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("program")
    ap.add_argument("--chip", required=True, choices=sorted(kernels.CHIPS))
    ap.add_argument("--tmp", required=True)
    ap.add_argument("--emu", default="trn-emu")
    a = ap.parse_args()
    os.makedirs(a.tmp, exist_ok=True)
    out = os.path.join(a.tmp, os.path.basename(a.program) + "." + a.chip + ".json")
    subprocess.run([a.emu, a.program, "--chip", a.chip, "--report-json", out], check=True,
                   stdout=subprocess.DEVNULL)
    with open(out) as f:
        rep = json.load(f)
    fails = []

    def check(cond, msg):
        print(("ok:   " if cond else "FAIL: ") + msg)
        if not cond:
            fails.append(msg)

    kernels.check_verdict(a.chip, rep, check)
    print("PASS" if not fails else f"{len(fails)} FAILURES")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
