#!/usr/bin/env python3
"""Checks that docs/debugger.md shows a session as trn-emu prints it.

The block whose info string is `asm debugger-kernel` is written as kernel.s
in OUT; the commands of the `text debugger-transcript` block (its lines after
the prompt "(trn-dbg) ") are run with `trn-emu kernel.s --debug-commands`
there (with --out o=o.npy), and its standard output must equal the block.

Usage: debugger-transcript.py --doc DOC --out DIR --trn-emu TRN_EMU
"""

import argparse
import difflib
import os
import re
import subprocess
import sys

PROMPT = "(trn-dbg) "


def blocks(text):
    found = {}
    for m in re.finditer(r"^```([^\n]*)\n(.*?)^```$", text, re.S | re.M):
        found[m.group(1).strip()] = m.group(2)
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--doc", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--trn-emu", required=True)
    args = ap.parse_args()
    with open(args.doc) as f:
        found = blocks(f.read())
    kernel = found.get("asm debugger-kernel")
    transcript = found.get("text debugger-transcript")
    if kernel is None or transcript is None:
        sys.exit(f"{args.doc}: no 'asm debugger-kernel' or 'text debugger-transcript' block")
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "kernel.s"), "w") as f:
        f.write(kernel)
    commands = [l[len(PROMPT):] for l in transcript.splitlines() if l.startswith(PROMPT)]
    with open(os.path.join(args.out, "session.txt"), "w") as f:
        f.write("\n".join(commands) + "\n")
    run = subprocess.run([args.trn_emu, "kernel.s", "--debug-commands", "session.txt", "--out",
                          "o=o.npy"], cwd=args.out, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"trn-emu exited with {run.returncode}: {run.stderr}")
    if run.stdout != transcript:
        diff = difflib.unified_diff(transcript.splitlines(True), run.stdout.splitlines(True),
                                    "docs/debugger.md", "trn-emu")
        sys.exit("the transcript differs from what trn-emu prints:\n" + "".join(diff))
    print(f"transcript: {len(commands)} commands, as trn-emu prints them")


if __name__ == "__main__":
    main()
