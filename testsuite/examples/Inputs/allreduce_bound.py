#!/usr/bin/env python3
"""allreduce_bound.py FILE CHIPS BYTES LINK_GBPS

Reads trn-emu's run line from FILE and checks the simulated time against a
ring all-reduce's bandwidth bound, 2 (n - 1) / n x bytes / link bandwidth
(docs/multicore.md, "Time"): it must be at least the bound and within 10%
of it. Prints both and the ratio.
"""
import re
import sys


def main(path, chips, size, gbps):
    text = open(path).read()
    m = re.search(r"^ran \d+ instructions in ([0-9.]+) us", text, re.M)
    if not m:
        sys.exit(f"{path}: no run line")
    us = float(m.group(1))
    n = int(chips)
    bound_us = 2 * (n - 1) / n * int(size) / (float(gbps) * 1e9) * 1e6
    ratio = us / bound_us
    print(f"simulated {us:.3f} us, bound {bound_us:.3f} us, ratio {ratio:.4f}")
    if not 1.0 <= ratio <= 1.10:
        sys.exit("error: not within 10% above the bandwidth bound")


if __name__ == "__main__":
    main(*sys.argv[1:])
