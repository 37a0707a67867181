#!/usr/bin/env python3
"""DMA transfer shapes: contiguous, strided, transposing, cast, HBM to HBM,
long rows and dma_transpose, each alone.

    dma_shapes.py --chip CHIP --tmp DIR [--emu trn-emu] [--echo]

Writes one program in which SP triggers every case on q0.0, each waiting
for the one before (a semaphore), so that each runs alone from its
trigger's end; runs trn-emu --trace-text and compares each transfer's
end - start with the closed form of one transfer alone
(docs/timing-model.md section 9, Inputs/dma_model.py):

    DmaFixedNs + DescriptorNs x buffers + bytes / rate

per engine, every case spreading over all 16 engines (128 partitions, 8 per
engine). Buffers are the contiguous runs of the transfer, counted here from
each case's shape as the document states them: a run is contiguous on both
sides (for dma_transpose, on the destination), SBUF runs end at each
partition, and a run takes a buffer per 64 KiB started. The rate is the
engine's (times dma_transpose's share, 90% from HBM and 50% from SBUF),
within the HBM share divided by 16 engines and by the sides in HBM.

Prints a table and PASS/FAIL lines; exits 1 on a failure.
"""

import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dma_model as M  # noqa: E402

LINE = re.compile(r"^\s*([0-9.]+)\s+([0-9.]+)\s+(q\d+\.\d+)\s+-\s+dma of (\d+) bytes for (\w+) #(\d+)$")

DECLS = """.tensor h  : fp32[128, 2048] scratch
.tensor g  : fp32[128, 2048] scratch
.tensor hb : bf16[128, 2048] scratch
.tensor hl : fp32[128, 32768] scratch
.sbuf s  : fp32[128, 32768]
.sbuf sb : bf16[128, 1024]
.sbuf t  : bf16[128, 1024]
"""

# (name, instruction and operands, bytes per engine, buffers per engine,
#  HBM sides, rate share, first generation). 8 partitions per engine.
CASES = [
    ("contiguous: 128 x 512 fp32, one run per partition",
     "dma_copy s[:, 0:512], h[:, 0:512]", 8 * 2048, 8, 1, 1.0, 2),
    ("row-strided: 4 runs of 128 elements, 256 apart",
     "dma_copy s[:, 0:512], ap(hbm fp32, [2048, 128], addr(h), [256, 4], [1, 128])",
     8 * 2048, 8 * 4, 1, 1.0, 2),
    ("element-strided: every other element (512 runs of 1)",
     "dma_copy s[:, 0:512], ap(hbm fp32, [2048, 128], addr(h), [2, 512])",
     8 * 2048, 8 * 512, 1, 1.0, 2),
    ("strided in SBUF: every other element written",
     "dma_copy s[:, 0:1024:2], h[:, 0:512]", 8 * 2048, 8 * 512, 1, 1.0, 2),
    ("transposing fp32: element (p, j) at h + p + 128 j",
     "dma_copy s[:, 0:128], ap(hbm fp32, [1, 128], addr(h), [128, 128])",
     8 * 512, 8 * 128, 1, 1.0, 2),
    ("transposing bf16: element (p, j) at hb + p + 128 j",
     "dma_copy sb[:, 0:128], ap(hbm bf16, [1, 128], addr(hb), [128, 128])",
     8 * 256, 8 * 128, 1, 1.0, 2),
    ("cast bf16 -> fp32: the fp32 bytes",
     "dma_copy s[:, 0:512], hb[:, 0:512]", 8 * 2048, 8, 1, 1.0, 2),
    ("HBM -> HBM, rows 2048 elements apart: one run per row",
     "dma_copy g[:, 0:512], h[:, 0:512]", 8 * 2048, 8, 2, 1.0, 2),
    ("HBM -> HBM, whole tensors: adjacent rows, one run, split by row",
     "dma_copy g, h", 8 * 8192, 8, 2, 1.0, 2),
    ("long rows: 128 KiB per partition, 2 buffers each",
     "dma_copy s, hl", 8 * 131072, 8 * 2, 1, 1.0, 2),
    ("dma_transpose HBM -> SBUF, bf16 [128, 128]: 90% of the rate",
     "dma_transpose t[:, 0:128], hb[:, 0:128]", 8 * 256, 8, 1, M.TRANSPOSE_HBM, 3),
    ("dma_transpose SBUF -> SBUF, bf16 [128, 128]: 50% of the rate",
     "dma_transpose t[:, 128:256], sb[:, 0:128]", 8 * 256, 8, 0, M.TRANSPOSE_SBUF, 3),
]


def run(emu, chip, path):
    r = subprocess.run([emu, "--chip", chip, "--trace-text", path], capture_output=True, text=True)
    if r.returncode != 0:
        sys.stderr.write(r.stderr)
        raise SystemExit(f"trn-emu failed on {path} (exit {r.returncode})")
    rows = {}
    for line in r.stdout.splitlines():
        m = LINE.match(line)
        if m:
            rows[int(m.group(6))] = (float(m.group(1)), float(m.group(2)), int(m.group(4)))
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--chip", required=True, choices=sorted(M.CHIPS))
    ap.add_argument("--tmp", required=True)
    ap.add_argument("--emu", default="trn-emu")
    ap.add_argument("--echo", action="store_true", help="also print everything on stderr (lit -a shows it)")
    a = ap.parse_args()
    if a.echo:
        global print
        builtin_print = print

        def print(*args, **kw):
            builtin_print(*args, **kw)
            builtin_print(*args, **kw, file=sys.stderr)
    gen = {"trn1": 2, "trn2": 3, "trn3": 4}[a.chip]
    cases = [c for c in CASES if c[6] <= gen]
    os.makedirs(a.tmp, exist_ok=True)
    path = os.path.join(a.tmp, f"shapes-{a.chip}.s")
    with open(path, "w") as f:
        f.write(DECLS)
        for i, c in enumerate(cases):
            sync = (f" wait(s0 >= {i})" if i else "") + " signal(s0)"
            f.write(f"    sp.{c[1]}, q0.0{sync}\n")
    rows = run(a.emu, a.chip, path)
    print(f"chip {a.chip}: alone, DmaFixedNs {M.CHIPS[a.chip]['fixed_ns']} + {M.DESCRIPTOR_NS} ns "
          f"per buffer + bytes / rate per engine")
    print(f"{'buffers':>8} {'bytes':>8} {'GB/s':>7} {'formula ns':>11} {'measured ns':>12}  case")
    failures = []
    for i, (name, _, nbytes, nbuf, sides, share, _) in enumerate(cases):
        start, end, _ = rows[i]
        rate = M.engine_rate(a.chip, M.ENGINES, sides, share)
        expected = M.isolated_ns(a.chip, nbytes, nbuf, M.ENGINES, sides, share)
        measured = end - start
        print(f"{nbuf:>8} {nbytes:>8} {rate:>7.3f} {expected:>11.3f} {measured:>12.3f}  {name}")
        if abs(measured - expected) > 1e-4 * expected + 0.002:
            failures.append(f"{name}: {measured:.3f} ns, the formula gives {expected:.3f}")
    print()
    for f in failures:
        print("FAIL:", f)
    print("PASS" if not failures else f"{len(failures)} FAILURES")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
