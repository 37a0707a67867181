#!/usr/bin/env python3
"""Checks that docs/cli.md shows the report as trn-emu prints it.

The blocks of docs/cli.md whose info string is `text report-example` (the
--report text) and `json report-example` (the --report-json file) must match
what trn-emu prints for the tutorial's matmul1.s (taken from
docs/tutorial.md) on trn2, line by line, with the tutorial's rules: a
"Host: " line matches any such line, "..." inside a line matches any text and
a line that is only "..." (indentation aside) any number of lines.

Usage: cli-report.py --cli DOC --tutorial DOC --out DIR [--emu trn-emu]
"""

import argparse
import importlib.util
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("tutorial_run", os.path.join(HERE, "tutorial-run.py"))
tutorial_run = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tutorial_run)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--tutorial", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--emu", default="trn-emu")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)

    program = [b for b in tutorial_run.read_blocks(a.tutorial)
               if b.kind == "trn-asm" and b.args == ["matmul1.s"]]
    if len(program) != 1:
        sys.exit(f"{a.tutorial}: error: expected one ```trn-asm matmul1.s block")
    with open(os.path.join(a.out, "matmul1.s"), "w") as f:
        f.write("\n".join(text for _, text in program[0].lines) + "\n")
    p = subprocess.run([a.emu, "matmul1.s", "--random-inputs", "--report", "--report-json", "r.json"],
                       cwd=a.out, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0:
        sys.exit(f"trn-emu failed ({p.returncode}):\n{p.stdout}")
    # The run line comes first; the report follows it.
    got = {"text": p.stdout.rstrip("\n").split("\n")[1:]}
    with open(os.path.join(a.out, "r.json")) as f:
        got["json"] = f.read().rstrip("\n").split("\n")

    problems, seen = 0, set()
    for b in tutorial_run.read_blocks(a.cli):
        if b.args != ["report-example"]:
            continue
        seen.add(b.kind)
        want = [text.strip() if text.strip() == "..." else text for _, text in b.lines]
        if not tutorial_run.output_matches(want, got[b.kind]):
            problems += 1
            import difflib
            diff = difflib.unified_diff(want, got[b.kind], "docs", "trn-emu", lineterm="")
            print(f"{a.cli}:{b.line}: error: the {b.kind} report differs from trn-emu's:")
            print("\n".join("  | " + d for d in diff))
        else:
            print(f"ok: {a.cli}:{b.line}: the {b.kind} report is trn-emu's")
    for kind in ("text", "json"):
        if kind not in seen:
            problems += 1
            print(f"{a.cli}: error: no ```{kind} report-example block")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
