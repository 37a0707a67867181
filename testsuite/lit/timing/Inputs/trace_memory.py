#!/usr/bin/env python3
"""Bounded memory of --trace: a long run traced to a file.

    trace_memory.py --tmp DIR [--emu trn-emu] [--iterations N]

Writes a loop on the Sync engine (li, li, then N iterations of addi + blt:
2N + 2 instructions; N = 500000 gives 1000002) and runs it with trn-emu
twice, without and with --trace DIR/loop.json. Each run's peak RSS is read
with resource.getrusage(RUSAGE_CHILDREN) in a fresh helper process that
runs only that child. Checks that tracing adds less than 64 MiB (the trace
streams to the file; it is not kept in memory), that both runs executed
the same number of instructions, and that the trace file is whole (opens
with the header, ends with "]}" and holds one "ph":"X" slice per
instruction). The trace file is deleted afterwards.
"""

import argparse
import os
import re
import resource
import subprocess
import sys

LIMIT_KIB = 64 * 1024


def measure(cmd):
    """Runs cmd in a fresh Python process; returns (peak RSS in KiB, stdout)."""
    helper = ("import resource, subprocess, sys\n"
              "r = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
              "sys.stderr.write(r.stderr)\n"
              "print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
              "print(r.stdout, end='')\n")
    r = subprocess.run([sys.executable, "-c", helper] + cmd, capture_output=True, text=True)
    sys.stderr.write(r.stderr)
    first, _, rest = r.stdout.partition("\n")
    code, rss = map(int, first.split())
    if code != 0:
        raise SystemExit(f"{' '.join(cmd)} exited with {code}")
    return rss, rest


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tmp", required=True)
    ap.add_argument("--emu", default="trn-emu")
    ap.add_argument("--iterations", type=int, default=500000)
    a = ap.parse_args()
    os.makedirs(a.tmp, exist_ok=True)
    src = os.path.join(a.tmp, "loop.s")
    trace = os.path.join(a.tmp, "loop.json")
    with open(src, "w") as f:
        f.write("    sp.li r1, 0\n"
                f"    sp.li r2, {a.iterations}\n"
                "loop:\n"
                "    sp.addi r1, r1, 1\n"
                "    sp.blt r1, r2, loop\n")
    n = 2 * a.iterations + 2
    fails = []

    def check(cond, msg):
        print(("ok:   " if cond else "FAIL: ") + msg)
        if not cond:
            fails.append(msg)

    base, out0 = measure([a.emu, "--chip", "trn2", src])
    traced, out1 = measure([a.emu, "--chip", "trn2", "--trace", trace, src])
    ran = [re.search(r"ran (\d+) instructions", o) for o in (out0, out1)]
    check(all(ran) and int(ran[0].group(1)) == n and int(ran[1].group(1)) == n,
          f"both runs executed {n} instructions")
    size = os.path.getsize(trace)
    print(f"peak RSS without --trace: {base / 1024:.1f} MiB; with --trace: {traced / 1024:.1f} MiB; "
          f"difference {(traced - base) / 1024:.1f} MiB; trace file {size / 2**20:.1f} MiB "
          f"({size / n:.0f} bytes per instruction)")
    check(traced - base < LIMIT_KIB, f"tracing {n} instructions adds {(traced - base) / 1024:.1f} MiB < 64 MiB of RSS")
    with open(trace, "rb") as f:
        head = f.read(64)
        f.seek(-16, os.SEEK_END)
        tail = f.read()
    check(head.startswith(b'{"displayTimeUnit":"ns","traceEvents":['), "the trace file opens with its header")
    check(tail.rstrip().endswith(b"]}"), "the trace file is closed (ends with ]})")
    slices, carry = 0, b""
    with open(trace, "rb") as f:
        while True:
            chunk = f.read(1 << 24)
            if not chunk:
                break
            data = carry + chunk
            slices += data.count(b'"ph":"X"')
            # Keep a tail shorter than the pattern: a match split across
            # chunks is counted once, a whole one never twice.
            carry = data[-7:]
    check(slices == n, f"{slices} X slices = {n} instructions")
    os.remove(trace)
    print("PASS" if not fails else f"{len(fails)} FAILURES")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
