#!/usr/bin/env python3
"""ring_time.py REPORT.json OP CHIPS BYTES MBPS [ALPHA_NS TAIL_NS]

Checks the simulated time of a ring collective in trn-emu's --report-json
REPORT.json against docs/multicore.md's formulas, computed here:
- OP is allreduce (2 (n - 1) steps of BYTES / n per core) or allgather
  (n - 1 steps of BYTES, each core's part);
- the bandwidth bound: steps x chunk / link bandwidth (MBPS, MB/s of the
  ring's slowest link); the time must be at least the bound;
- with ALPHA_NS and TAIL_NS (a ring whose links are all alike, each step a
  transfer of one chunk): exactly steps x (ALPHA_NS + chunk / bandwidth,
  rounded up to the picosecond) + TAIL_NS, the issue and the signal around
  the ring; without them, within 10% of the bound.
Prints the figures and the ratio to the bound.
"""
import json
import sys


def main(path, op, chips, size, mbps, alpha_ns=None, tail_ns=None):
    report = json.load(open(path))
    simulated_ps = round(float(report["total_time_ns"]) * 1000)
    n, size, mbps = int(chips), int(size), int(mbps)
    steps, chunk = (2 * (n - 1), size // n) if op == "allreduce" else (n - 1, size)
    bound_ps = steps * chunk * 1e6 / mbps
    ratio = simulated_ps / bound_ps
    print(f"simulated {simulated_ps / 1e6:.3f} us, bandwidth bound {bound_ps / 1e6:.3f} us, "
          f"ratio {ratio:.4f}")
    if simulated_ps < bound_ps:
        sys.exit("error: faster than the bandwidth bound")
    if alpha_ns is None:
        if ratio > 1.10:
            sys.exit("error: not within 10% above the bandwidth bound")
        return
    per_step_ps = round(float(alpha_ns) * 1000) + -(-chunk * 10**6 // mbps)
    formula_ps = steps * per_step_ps + round(float(tail_ns) * 1000)
    print(f"formula {steps} x {per_step_ps / 1000:.3f} ns + {tail_ns} ns = "
          f"{formula_ps / 1e6:.6f} us: {'equal' if formula_ps == simulated_ps else 'differs'}")
    if formula_ps != simulated_ps:
        sys.exit(f"error: simulated {simulated_ps} ps")


if __name__ == "__main__":
    main(*sys.argv[1:])
