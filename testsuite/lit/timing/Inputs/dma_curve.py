#!/usr/bin/env python3
"""The DMA efficiency curve: back-to-back HBM -> SBUF transfers on 1, 4 and
16 queues.

    dma_curve.py --chip CHIP --tmp DIR [--emu trn-emu] [--echo]
                 [--queues 1,4,16] [--sizes 256,512,...]

For each queue count Q and size B (bytes per partition, 128 partitions),
writes a program in which SP triggers 16 x Q transfers of 128 x B bytes
from HBM into SBUF, round-robin over queues q0.0 .. q{Q-1}.0, each queue
into its own SBUF region (so that no two queues write the same bytes: the
program is race-free), and runs it with trn-emu --trace-text.

Measured: the steady state, from q0.0's 4th completion to its last (16th):
in between, every queue completes 12 transfers, so achieved = 12 x Q x
128 x B / time, as a fraction of the core's HBM share (410 GB/s on trn1).

Expected (Inputs/dma_model.py, docs/timing-model.md section 9): every
engine moves 8 partitions x B bytes in 8 DMA buffers per transfer, so the
time per transfer is

    max(QueueNs / Q, TransferNs + 8 DescriptorNs,
        8B / r (+ CompletionNs on one queue), the SP's trigger)

with r the engine rate within the HBM share (410 / 16 = 25.625 GB/s on
trn1). Checks: every point within 0.1% of the formula; and on trn1 the
published curve (DMA overview figure, DMABW): one queue within 5 points of
10/42/81/97% at 256 B/1/2/4 KiB, and 16 queues at most 25% at 256 B (small
transfers stay overhead-bound however many queues carry them).
Prints the table and PASS/FAIL lines; exits 1 on a failure.
"""

import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dma_model as M  # noqa: E402

LINE = re.compile(r"^\s*([0-9.]+)\s+([0-9.]+)\s+(q\d+\.\d+)\s+-\s+dma of (\d+) bytes for (\w+) #(\d+)$")
PER_QUEUE = 16                 # transfers per queue
PUBLISHED = {256: 10, 1024: 42, 2048: 81, 4096: 97}  # % on one queue, trn1 (DMA figure)


def run(emu, chip, path):
    r = subprocess.run([emu, "--chip", chip, "--trace-text", path], capture_output=True, text=True)
    if r.returncode != 0:
        sys.stderr.write(r.stderr)
        raise SystemExit(f"trn-emu failed on {path} (exit {r.returncode})")
    out = []
    for line in r.stdout.splitlines():
        m = LINE.match(line)
        if m:
            out.append((float(m.group(1)), float(m.group(2)), m.group(3), int(m.group(4))))
    return out


def program(queues, size, sbuf_part):
    elems = size // 4
    lines = [f".tensor h : fp32[128, {elems}] scratch", f".sbuf s : fp32[128, {sbuf_part // 4}]"]
    for k in range(PER_QUEUE * queues):
        q = k % queues
        lines.append(f"    sp.dma_copy ap(sbuf fp32, 0:128, {q * size}, [1, {elems}]), "
                     f"ap(hbm fp32, [{elems}, 128], addr(h), [1, {elems}]), q{q}.0")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--chip", required=True, choices=sorted(M.CHIPS))
    ap.add_argument("--tmp", required=True)
    ap.add_argument("--emu", default="trn-emu")
    ap.add_argument("--echo", action="store_true", help="also print everything on stderr (lit -a shows it)")
    ap.add_argument("--queues", default="1,4,16")
    ap.add_argument("--sizes", default="256,512,1024,2048,4096,8192,16384")
    a = ap.parse_args()
    if a.echo:
        global print
        builtin_print = print

        def print(*args, **kw):
            builtin_print(*args, **kw)
            builtin_print(*args, **kw, file=sys.stderr)
    c = M.CHIPS[a.chip]
    os.makedirs(a.tmp, exist_ok=True)
    share = M.hbm_share(a.chip)
    r = M.engine_rate(a.chip)
    print(f"chip {a.chip}: HBM share {share:g} GB/s, {r:g} GB/s per engine when all 16 move; "
          f"per transfer and engine: fetch {M.QUEUE_NS} ns per queue, processing "
          f"{M.TRANSFER_NS} + 8 x {M.DESCRIPTOR_NS} ns, completion {M.COMPLETION_NS} ns; "
          f"SP trigger {M.trigger_ns(a.chip):.3f} ns")
    print(f"{'queues':>6} {'B/partition':>11} {'formula ns':>11} {'formula %':>9} {'measured %':>10}")
    failures = []
    for queues in [int(x) for x in a.queues.split(",")]:
        for size in [int(x) for x in a.sizes.split(",")]:
            if queues * size > c["sbuf_part"]:
                print(f"{queues:>6} {size:>11}  (the {queues} destinations do not fit in SBUF)")
                continue
            path = os.path.join(a.tmp, f"curve-{a.chip}-{queues}q-{size}.s")
            with open(path, "w") as f:
                f.write(program(queues, size, c["sbuf_part"]))
            rows = run(a.emu, a.chip, path)
            assert len(rows) == PER_QUEUE * queues, (path, len(rows))
            # q0.0's completions: between two of them, in the steady state,
            # every queue completes one transfer.
            ends = sorted(end for start, end, q, n in rows if q == "q0.0")
            first, last = 3, PER_QUEUE - 1
            nbytes = (last - first) * queues * 128 * size
            measured = nbytes / (ends[last] - ends[first]) / share
            period = M.stream_period_ns(a.chip, queues, 8 * size, 8)
            expected = 16 * 8 * size / period / share
            print(f"{queues:>6} {size:>11} {period:>11.3f} {100 * expected:>8.1f}% {100 * measured:>9.1f}%")
            if abs(measured - expected) > 1e-3 * expected:
                failures.append(f"{queues} queues, {size} B: measured {100 * measured:.2f}%, "
                                f"the formula gives {100 * expected:.2f}%")
            if a.chip == "trn1" and queues == 1 and size in PUBLISHED and \
                    abs(100 * measured - PUBLISHED[size]) > 5:
                failures.append(f"one queue, {size} B: {100 * measured:.1f}%, published {PUBLISHED[size]}%")
            if queues == 16 and size <= 256 and measured > 0.25:
                failures.append(f"16 queues, {size} B: {100 * measured:.1f}% is not overhead-bound")
    print()
    for f in failures:
        print("FAIL:", f)
    print("PASS" if not failures else f"{len(failures)} FAILURES")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
