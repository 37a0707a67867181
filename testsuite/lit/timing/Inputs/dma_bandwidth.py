#!/usr/bin/env python3
"""DMA bandwidth sweep: achieved bandwidth against transfer size.

    dma_bandwidth.py --chip CHIP --tmp DIR [--emu trn-emu] [--echo]

Writes one program per direction into DIR and runs it with trn-emu
--trace-text:

  hbm-sbuf: HBM -> SBUF over all 128 partitions, from 64 B per partition up
            to the whole SBUF partition (192/224/256 KiB by chip);
  hbm-hbm:  HBM -> HBM, 128 rows, from 64 B per row up to 256 KiB per row,
            the most one dma_copy can move (65536 elements per partition or
            row); 1 MiB per row is then moved as 4 transfers of 256 KiB per
            row on 4 queues at once and timed as a whole.

Every transfer of a sweep goes through one queue and waits for the one
before (a semaphore), so each runs alone, from its trigger's end. For each,
achieved = bytes / (end - start) from its trace line (GB/s = bytes per ns).
The bound is min(16 engines x DmaEngineMBps, HBM share / S) where the HBM
share is HbmChipGBps / CoresPerChip (isa/Chips.td) and S is the number of
sides in HBM: 1 for HBM -> SBUF, 2 for HBM -> HBM, whose bytes cross HBM
twice (read and written; the table also gives that HBM traffic, 2 x bytes
/ time). The model's closed form for one transfer alone (Inputs/dma_model.py,
docs/timing-model.md section 9) is

    time = DmaFixedNs + DescriptorNs x buffers + bytes / bound
                                        (plus < 1 ps of rounding)

where each engine has 8 rows of B bytes, each one DMA buffer per 64 KiB
started: buffers = 8 x ceil(B / 65536).

Checks, per direction: achieved rises strictly with size; the sizes up to
256 B per partition stay below 25% of the bound (overhead-bound); the
largest reaches at least 90% of it; every point is within 0.01% of the
closed form. Prints the table and PASS/FAIL lines; exits 1 on a failure.
"""

import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dma_model as M  # noqa: E402

CHIPS = M.CHIPS
ENGINES = M.ENGINES
MAX_ELEMS = 65536        # elements per partition (or row) of one dma_copy
MAX_COUNT = 65535        # elements of one access-pattern dimension

LINE = re.compile(r"^\s*([0-9.]+)\s+([0-9.]+)\s+(q\d+\.\d+)\s+-\s+dma of (\d+) bytes for (\w+) #(\d+)$")


def pattern_2d(elems):
    """The free dimensions of `elems` contiguous fp32 elements, as [stride,
    count] pairs (a dimension counts at most 65535)."""
    if elems <= MAX_COUNT:
        return f"[1, {elems}]"
    assert elems % 2 == 0
    return f"[{elems // 2}, 2], [1, {elems // 2}]"


def sizes(limit):
    s, out = 64, []
    while s < limit:
        out.append(s)
        s *= 2
    out.append(limit)
    return sorted(set(out))


def run(emu, chip, path):
    r = subprocess.run([emu, "--chip", chip, "--trace-text", path], capture_output=True, text=True)
    if r.returncode != 0:
        sys.stderr.write(r.stderr)
        raise SystemExit(f"trn-emu failed on {path} (exit {r.returncode})")
    out = []
    for line in r.stdout.splitlines():
        m = LINE.match(line)
        if m:
            out.append((float(m.group(1)), float(m.group(2)), m.group(3), int(m.group(4)), int(m.group(6))))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--chip", required=True, choices=sorted(CHIPS))
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
    c = CHIPS[a.chip]
    os.makedirs(a.tmp, exist_ok=True)
    engines_gbps = ENGINES * c["engine_mbps"] / 1000
    hbm_share = c["hbm_chip_gbps"] / c["cores"]
    print(f"chip {a.chip}: 16 DMA engines x {c['engine_mbps'] / 1000:g} GB/s = {engines_gbps:g} GB/s; "
          f"HBM share {c['hbm_chip_gbps']}/{c['cores']} = {hbm_share:g} GB/s; fixed {c['fixed_ns']} ns, "
          f"{M.DESCRIPTOR_NS} ns per buffer")
    failures = []

    def sweep(name, per_part_sizes, decl, copy, sides):
        bound = min(engines_gbps, hbm_share / sides)
        path = os.path.join(a.tmp, f"{name}-{a.chip}.s")
        with open(path, "w") as f:
            f.write(decl)
            for i, b in enumerate(per_part_sizes):
                sync = (f" wait(s0 >= {i})" if i else "") + " signal(s0)"
                f.write(copy(b // 4) + sync + "\n")
        rows = run(a.emu, a.chip, path)
        assert len(rows) == len(per_part_sizes), (name, len(rows))
        rows.sort(key=lambda r: r[4])
        print(f"\n{name}: 128 x size, one transfer alone at a time on q0.0; bound min({engines_gbps:g}, "
              f"{hbm_share:g} / {sides}) = {bound:g} GB/s")
        print(f"{'per partition':>14} {'bytes':>10} {'time ns':>12} {'GB/s':>9} {'% bound':>8} {'model ns':>12}"
              f" {'HBM GB/s':>9}")
        bws = []
        for (start, end, q, nbytes, idx), b in zip(rows, per_part_sizes):
            assert nbytes == 128 * b, (nbytes, b)
            t = end - start
            bw = nbytes / t
            model = c["fixed_ns"] + M.DESCRIPTOR_NS * 8 * -(-b // M.MAX_BUFFER) + nbytes / bound
            bws.append(bw)
            print(f"{b:>14} {nbytes:>10} {t:>12.3f} {bw:>9.2f} {100 * bw / bound:>7.1f}% {model:>12.3f}"
                  f" {sides * bw:>9.2f}")
            if abs(t - model) > 1e-4 * model + 0.002:
                failures.append(f"{name} {b} B/partition: {t:.3f} ns, the closed form gives {model:.3f}")
        for (b0, w0), (b1, w1) in zip(zip(per_part_sizes, bws), zip(per_part_sizes[1:], bws[1:])):
            if not w1 > w0:
                failures.append(f"{name}: {w1:.2f} GB/s at {b1} B is not above {w0:.2f} GB/s at {b0} B")
        for b, w in zip(per_part_sizes, bws):
            if b <= 256 and not w < 0.25 * bound:
                failures.append(f"{name}: {b} B per partition reaches {w:.2f} GB/s, not overhead-bound")
        if not bws[-1] >= 0.9 * bound:
            failures.append(f"{name}: the largest transfer reaches {bws[-1]:.2f} GB/s, under 90% of {bound:g}")
        print(f"{name}: smallest {100 * bws[0] / bound:.1f}% of the bound, largest {100 * bws[-1] / bound:.1f}%")
        return bws

    # HBM -> SBUF, up to the whole SBUF partition.
    part = c["sbuf_part"]
    sweep("hbm-sbuf", sizes(part),
          f".tensor h : fp32[128, {part // 4}] scratch\n.sbuf s : fp32[128, {part // 4}]\n",
          lambda e: f"    sp.dma_copy ap(sbuf fp32, 0:128, 0, {pattern_2d(e)}), "
                    f"ap(hbm fp32, [{part // 4}, 128], addr(h), {pattern_2d(e)}), q0.0", 1)
    # HBM -> HBM, up to 256 KiB per row.
    row = MAX_ELEMS * 4
    sweep("hbm-hbm", sizes(row),
          f".tensor h : fp32[128, {MAX_ELEMS}] scratch\n.tensor g : fp32[128, {MAX_ELEMS}] scratch\n",
          lambda e: f"    sp.dma_copy ap(hbm fp32, [{MAX_ELEMS}, 128], addr(g), {pattern_2d(e)}), "
                    f"ap(hbm fp32, [{MAX_ELEMS}, 128], addr(h), {pattern_2d(e)}), q0.0", 2)

    # HBM -> HBM, 1 MiB per row: 4 transfers of 256 KiB per row on 4 queues.
    mib_elems = 4 * MAX_ELEMS
    path = os.path.join(a.tmp, f"hbm-hbm-1mib-{a.chip}.s")
    with open(path, "w") as f:
        f.write(f".tensor h : fp32[128, {mib_elems}] scratch\n.tensor g : fp32[128, {mib_elems}] scratch\n")
        for k in range(4):
            off = k * MAX_ELEMS * 4
            f.write(f"    sp.dma_copy ap(hbm fp32, [{mib_elems}, 128], addr(g) + {off}, {pattern_2d(MAX_ELEMS)}), "
                    f"ap(hbm fp32, [{mib_elems}, 128], addr(h) + {off}, {pattern_2d(MAX_ELEMS)}), q{k}.0\n")
    rows = run(a.emu, a.chip, path)
    start, end = min(r[0] for r in rows), max(r[1] for r in rows)
    total = sum(r[3] for r in rows)
    bw = total / (end - start)
    bound = min(engines_gbps, hbm_share / 2)
    print(f"\nhbm-hbm 1 MiB per row (4 x 256 KiB on q0.0-q3.0 at once): {total} bytes in "
          f"{end - start:.3f} ns = {bw:.2f} GB/s, {100 * bw / bound:.1f}% of the bound {bound:g} "
          f"(HBM traffic {2 * bw:.2f} GB/s)")
    if not bw >= 0.9 * bound:
        failures.append(f"hbm-hbm 1 MiB per row: {bw:.2f} GB/s, under 90% of {bound:g}")
    if bw > bound * 1.0001:
        failures.append(f"hbm-hbm 1 MiB per row: {bw:.2f} GB/s exceeds the bound {bound:g}")

    print()
    for f in failures:
        print("FAIL:", f)
    print("PASS" if not failures else f"{len(failures)} FAILURES")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
