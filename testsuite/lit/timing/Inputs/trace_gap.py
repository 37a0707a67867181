#!/usr/bin/env python3
"""Prints the time between two lines of trn-emu --trace-text (on stdin).

    trace_gap.py 'FROM' 'TO' ['FROM' 'TO' ...]

For each pair: the end of the first line containing FROM to the start of the
first line containing TO, in ns with 3 decimals ("gap FROM -> TO: X ns").
The tests compare X with a documented delay, so that it does not depend on
how long the lines themselves take (a DMA transfer's time is the DMA
model's).
"""
import sys


def main(args):
    lines = sys.stdin.read().splitlines()

    def find(text):
        for line in lines:
            if text in line:
                f = line.split()
                return float(f[0]), float(f[1])
        raise SystemExit(f"no line contains {text!r}")

    for a, b in zip(args[0::2], args[1::2]):
        print(f"gap {a} -> {b}: {find(b)[0] - find(a)[1]:.3f} ns")


if __name__ == "__main__":
    main(sys.argv[1:])
