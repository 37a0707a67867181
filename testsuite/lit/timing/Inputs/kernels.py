#!/usr/bin/env python3
"""TensorE-bound, DMA-bound and roofline kernels, run with --report-json.

    kernels.py pe-bound  --chip CHIP --tmp DIR [--emu trn-emu]
    kernels.py dma-bound --chip CHIP --tmp DIR [--emu trn-emu]
    kernels.py roofline  --chip CHIP --tmp DIR [--emu trn-emu]
    kernels.py emit-dma-bound --chip CHIP --tmp FILE.s   (writes a 16-tile dma-bound kernel)

pe-bound: bf16 stationary [K=128, M=128] and moving [K=128, N=512] are
  DMA'd into SBUF once; PE then runs 16 iterations of 8 back-to-back matmuls,
  one per PSUM bank (128 matmuls). Checks PE active >= 88% of the run and
  MFU >= 85% (what is left is the loads at the start, their signal and the
  PE's throttled start).

dma-bound: the stationary is resident, but every matmul's moving tile
  [128, 512] bf16 (128 KiB) is a fresh DMA from HBM: SP streams 64 tiles
  through 4 SBUF buffers on 4 queues (tile i into buffer i % 4 on queue
  q(i%4).0, once PE has consumed tile i - 4); PE's matmul i waits for tile i.
  Checks that PE's stall breakdown names the DMA queues as what it waited
  for (and MFU is low).

roofline: a streaming kernel of 64 moving tiles, stored K-major in HBM
  and loaded 4 tiles (4 KiB per partition, 512 KiB) per DMA through 4
  buffers on 4 queues, each tile reused by R = 1, 2 or 4 resident
  stationaries (R matmuls per tile, arithmetic intensity R x 2 x 128 x
  128 x 512 / 131072 = 128 R FLOP per HBM byte); and the NKI tutorial's
  naive tiled kernel, which DMAs a fresh stationary (32 KiB, 256 B per
  partition) and moving tile (128 KiB, 1 KiB per partition) for every
  matmul (16.78 MFLOP / 160 KiB = 102.4 FLOP/B) through 8 buffers on 8
  queues. The ridge point is peak / HBM share = 2 x 16384 x 2.8 GHz /
  410 GB/s = 223.8 FLOP/B on trn1 (the tutorial's 222). Kernels at 0.8x
  the ridge or less must be DMA-bound (MFU at most the roofline min(1, I /
  ridge) + 2 points, PE stalled on DMA queues > 20% of the run), the
  streaming ones with HBM busy >= 80% of the share, the naive one below
  it: its transfers are too small to fill HBM (DMABW); those at 2x the
  ridge or more PE-bound (MFU >= 85%).

Prints what it measured; exits 1 if a check fails.
"""

import argparse
import json
import os
import subprocess
import sys

CHIPS = {  # isa/Chips.td: PE clock (MHz), HBM share (GB/s)
    "trn1": dict(pe_mhz=2800, hbm_share=820 / 2),
    "trn2": dict(pe_mhz=2400, hbm_share=2900 / 8),
    "trn3": dict(pe_mhz=2400, hbm_share=4900 / 8),
}
K, M, N = 128, 128, 512
FLOP_PER_MATMUL = 2 * K * M * N
TILE_BYTES = K * N * 2          # bf16 moving tile
STAT_BYTES = K * M * 2          # bf16 stationary


def peak_flops(chip):
    return 2 * 16384 * CHIPS[chip]["pe_mhz"] * 1e6


def pe_bound_program(iters=16, banks=8):
    lines = [
        f".tensor w : bf16[{K}, {M}] input",
        f".tensor x : bf16[{K}, {N}] input",
        f".sbuf w_s : bf16[{K}, {M}]",
        f".sbuf x_s : bf16[{K}, {N}]",
        f".psum acc : fp32[{M}, {banks}, {N}]     # all 8 banks",
        ".sem loaded",
        "    sp.dma_copy w_s, w, q0.0 signal(loaded)",
        "    sp.dma_copy x_s, x, q1.0 signal(loaded)",
        "    pe.li r1, 0",
        f"    pe.li r2, {iters}",
        "    pe.nop wait(loaded >= 2)",
        "loop:",
    ]
    for b in range(banks):
        lines.append(f"    pe.matmul acc[:, {b}, :], w_s, x_s")
    lines += ["    pe.addi r1, r1, 1", "    pe.blt r1, r2, loop"]
    return "\n".join(lines) + "\n"


def stream_program(tiles=64, nbuf=4, reuse=1, naive=False, group=1):
    """Tile i of x (128 KiB) goes into buffer i % nbuf on queue q(i%nbuf).0;
    PE runs `reuse` matmuls on it, with `reuse` resident stationaries (or, if
    naive, one stationary DMA'd with the tile). With group > 1, x is stored
    K-major ([K, tiles x N]) and each DMA loads `group` tiles into a buffer
    (group x 1 KiB per partition)."""
    if group > 1:
        return grouped_stream_program(tiles, nbuf, reuse, group)
    assert tiles % nbuf == 0 and reuse <= 8
    per_tile = 2 if naive else 1          # DMA completions per tile
    nstat = nbuf if naive else reuse
    L = [
        f".tensor x : bf16[{tiles}, {K}, {N}] input",
        f".tensor w : bf16[{tiles if naive else reuse}, {K}, {M}] input",
        f".sbuf x_s : bf16[{K}, {nbuf}, {N}]",
        f".sbuf w_s : bf16[{K}, {nstat}, {M}]",
        f".psum acc : fp32[{M}, 8, {N}]",
    ]
    # One semaphore per buffer: transfers on different queues may complete
    # in any order, so a count shared by the buffers would not say which
    # tile has landed (docs/races.md).
    L += [f".sem loaded{k}     # +1 per DMA into buffer {k}" for k in range(nbuf)]
    L += [
        ".sem consumed    # +1 per tile PE is done with",
        ".sem wready      # resident stationaries loaded",
    ]
    # SP: resident stationaries first (not naive), then the stream.
    if not naive:
        for r in range(reuse):
            L.append(f"    sp.dma_copy w_s[:, {r}, :], w[{r}], q15.{r} signal(wready)")
    L += [
        "    sp.li r1, 0                       # element offset of tile group j in x",
        f"    sp.li r3, {1 - nbuf}              # consumed count buffer i % nbuf needs",
        "    sp.li r4, 0",
        f"    sp.li r5, {tiles // nbuf}",
        "sp_loop:",
    ]
    for k in range(nbuf):
        L.append(f"    sp.dma_copy x_s[:, {k}, :], x[{k}] + r1, q{k}.0 wait(consumed >= r3) signal(loaded{k})")
        if naive:
            L.append(f"    sp.dma_copy w_s[:, {k}, :], w[{k}] + r6, q{k}.1 wait(consumed >= r3) signal(loaded{k})")
        L.append("    sp.addi r3, r3, 1")
    L += [f"    sp.addi r1, r1, {nbuf * K * N}"]
    if naive:
        L += [f"    sp.addi r6, r6, {nbuf * K * M}"]
    L += ["    sp.addi r4, r4, 1", "    sp.blt r4, r5, sp_loop"]
    # PE.
    L += [
        f"    pe.li r2, {per_tile}               # loaded count each buffer's tile needs",
        "    pe.li r4, 0",
        f"    pe.li r5, {tiles // nbuf}",
    ]
    if not naive:
        L.append(f"    pe.nop wait(wready >= {reuse})")
    L.append("pe_loop:")
    for k in range(nbuf):
        for r in range(reuse):
            stat = f"w_s[:, {k if naive else r}, :]"
            wait = f" wait(loaded{k} >= r2)" if r == 0 else ""
            sig = " signal(consumed)" if r == reuse - 1 else ""
            bank = (k * reuse + r) % 8
            L.append(f"    pe.matmul acc[:, {bank}, :], {stat}, x_s[:, {k}, :]{wait}{sig}")
    L += [f"    pe.addi r2, r2, {per_tile}", "    pe.addi r4, r4, 1", "    pe.blt r4, r5, pe_loop"]
    return "\n".join(L) + "\n"


def grouped_stream_program(tiles, nbuf, reuse, group):
    assert tiles % (nbuf * group) == 0 and reuse <= 8
    G = group
    L = [
        f".tensor x : bf16[{K}, {tiles * N}] input    # tile t is x[:, t N : (t + 1) N]",
        f".tensor w : bf16[{reuse}, {K}, {M}] input",
        f".sbuf x_s : bf16[{K}, {nbuf}, {G * N}]",
        f".sbuf w_s : bf16[{K}, {reuse}, {M}]",
        f".psum acc : fp32[{M}, 8, {N}]",
    ]
    L += [f".sem loaded{k}     # +1 per group of {G} tiles in buffer {k}" for k in range(nbuf)]
    L += [".sem consumed    # +1 per group PE is done with", ".sem wready      # resident stationaries"]
    for r in range(reuse):
        L.append(f"    sp.dma_copy w_s[:, {r}, :], w[{r}], q15.{r} signal(wready)")
    L += [
        "    sp.li r1, 0                       # element offset of the group in x's rows",
        f"    sp.li r3, {1 - nbuf}              # consumed count buffer k needs",
        "    sp.li r4, 0",
        f"    sp.li r5, {tiles // (nbuf * G)}",
        "sp_loop:",
    ]
    for k in range(nbuf):
        L.append(f"    sp.dma_copy x_s[:, {k}, :], x[:, {k * G * N}:{(k + 1) * G * N}] + r1, q{k}.0 "
                 f"wait(consumed >= r3) signal(loaded{k})")
        L.append("    sp.addi r3, r3, 1")
    L += [f"    sp.addi r1, r1, {nbuf * G * N}", "    sp.addi r4, r4, 1", "    sp.blt r4, r5, sp_loop"]
    L += ["    pe.li r2, 1                       # loaded count each buffer needs", "    pe.li r4, 0",
          f"    pe.li r5, {tiles // (nbuf * G)}", f"    pe.nop wait(wready >= {reuse})", "pe_loop:"]
    for k in range(nbuf):
        for j in range(G):
            for r in range(reuse):
                wait = f" wait(loaded{k} >= r2)" if j == 0 and r == 0 else ""
                sig = " signal(consumed)" if j == G - 1 and r == reuse - 1 else ""
                bank = ((k * G + j) * reuse + r) % 8
                L.append(f"    pe.matmul acc[:, {bank}, :], w_s[:, {r}, :], x_s[:, {k}, {j * N}:{(j + 1) * N}]"
                         f"{wait}{sig}")
    L += ["    pe.addi r2, r2, 1", "    pe.addi r4, r4, 1", "    pe.blt r4, r5, pe_loop"]
    return "\n".join(L) + "\n"


def run(emu, chip, tmp, name, program):
    src = os.path.join(tmp, f"{name}-{chip}.s")
    rep = os.path.join(tmp, f"{name}-{chip}.json")
    with open(src, "w") as f:
        f.write(program)
    r = subprocess.run([emu, "--chip", chip, "--random-inputs", "--report-json", rep, src],
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.stderr.write(r.stdout + r.stderr)
        raise SystemExit(f"trn-emu failed on {src} (exit {r.returncode})")
    with open(rep) as f:
        return json.load(f)


def pe_of(rep):
    return next(e for e in rep["engines"] if e["engine"].startswith("PE"))


def summary(chip, rep, flops_expected=None):
    pe = pe_of(rep)
    total = rep["total_time_ns"]
    stalls = sorted(pe["stalls"], key=lambda s: -s["time_ns"])
    dma_stall = sum(s["time_ns"] for s in stalls if s["signalled_by"] and s["signalled_by"]["dma_queue"])
    d = dict(total_ns=total, mfu=rep["mfu_estimated_percent"], pe_active=100 * pe["active_time_ns"] / total,
             pe_stalled=100 * pe["stalled_time_ns"] / total, pe_stalled_dma=100 * dma_stall / total,
             hbm=rep["hbm_achieved_gbps"], hbm_pct=100 * rep["hbm_achieved_gbps"] / CHIPS[chip]["hbm_share"],
             flops=rep["model_flops"], stalls=stalls)
    if flops_expected is not None:
        assert abs(rep["model_flops"] - flops_expected) < 1, (rep["model_flops"], flops_expected)
    return d


DMA_ENGINES, DMA_ENGINE_GBPS = 16, {"trn1": 27.2, "trn2": 27.2, "trn3": 38.4}


def expected_bound(chip, rep):
    """The report's verdict by docs/cli.md's rule ("What bounds the kernel"),
    from the report's exact figures and the chip's documented peaks: the
    busiest of the engines (active time), HBM (achieved / the core's share)
    and DMA (time in flight, counted only while HBM is below 75% of its
    share) if it is busy half the time or more; else latency."""
    total = rep["total_time_ns"]
    share = CHIPS[chip]["hbm_share"]
    hbm = (rep["hbm_read_bytes"] + rep["hbm_write_bytes"]) / total / share
    uses = [(e["id"], e["active_time_ns"] / total) for e in rep["engines"]]
    uses += [("hbm", hbm)]
    if hbm < 0.75:
        uses += [("dma", rep["dma_active_time_ns"] / total)]
    top = uses[0]
    for u in uses:
        if u[1] > top[1]:
            top = u
    return (top[0] if top[1] >= 0.5 else "latency"), 100 * top[1]


def check_verdict(chip, rep, check):
    resource, percent = expected_bound(chip, rep)
    b = rep["bound"]
    print(f"verdict: {b['summary']}")
    check(b["resource"] == resource and abs(b["utilization_percent"] - percent) <= 0.005,
          f"the verdict is {resource} at {percent:.2f}% by the documented rule")
    check(abs(rep["hbm_peak_gbps"] - CHIPS[chip]["hbm_share"]) < 0.005
          and abs(rep["dma_peak_gbps"] - DMA_ENGINES * DMA_ENGINE_GBPS[chip]) < 0.005,
          f"peaks: HBM {rep['hbm_peak_gbps']} GB/s (the core's share), "
          f"DMA {rep['dma_peak_gbps']} GB/s (16 engines)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=["pe-bound", "dma-bound", "roofline", "emit-dma-bound"])
    ap.add_argument("--chip", required=True, choices=sorted(CHIPS))
    ap.add_argument("--tmp", required=True)
    ap.add_argument("--emu", default="trn-emu")
    a = ap.parse_args()
    if a.what == "emit-dma-bound":
        # The dma-bound kernel's source, for the trace tests.
        with open(a.tmp, "w") as f:
            f.write(stream_program(tiles=16, nbuf=4, reuse=1))
        return 0
    os.makedirs(a.tmp, exist_ok=True)
    fails = []

    def check(cond, msg):
        print(("ok:   " if cond else "FAIL: ") + msg)
        if not cond:
            fails.append(msg)

    peak = peak_flops(a.chip)
    share = CHIPS[a.chip]["hbm_share"]
    if a.what == "pe-bound":
        rep = run(a.emu, a.chip, a.tmp, "pe-bound", pe_bound_program())
        s = summary(a.chip, rep, 128 * FLOP_PER_MATMUL)
        print(f"{a.chip}: 128 bf16 matmuls [128x128]x[128x512] on resident operands: "
              f"{s['total_ns']:.1f} ns, PE active {s['pe_active']:.2f}%, MFU {s['mfu']:.2f}% "
              f"(peak {peak / 1e12:.2f} TFLOPS)")
        # The rest of the run is its start: the operands' loads (~2.1 us on
        # every chip), their signal to PE (0.3 us) and, on trn2/trn3, PE's
        # throttled start (0.75 us lost): 8-10% of a 26-31 us run.
        check(s["pe_active"] >= 88, f"PE active {s['pe_active']:.2f}% >= 88% of the run")
        check(s["mfu"] >= 85, f"MFU {s['mfu']:.2f}% >= 85%")
        check_verdict(a.chip, rep, check)
    elif a.what == "dma-bound":
        rep = run(a.emu, a.chip, a.tmp, "dma-bound", stream_program(tiles=64, nbuf=4, reuse=1))
        s = summary(a.chip, rep, 64 * FLOP_PER_MATMUL)
        print(f"{a.chip}: 64 matmuls, each on a fresh 128 KiB moving tile from HBM (4 buffers, 4 queues): "
              f"{s['total_ns']:.1f} ns, MFU {s['mfu']:.2f}%, PE active {s['pe_active']:.2f}%, "
              f"PE stalled {s['pe_stalled']:.2f}% ({s['pe_stalled_dma']:.2f}% on DMA queues), "
              f"HBM {s['hbm']:.1f} GB/s = {s['hbm_pct']:.1f}% of the {share:g} GB/s share")
        print("PE stall breakdown (report-json engines[PE].stalls):")
        for st in s["stalls"]:
            print(f"    {st['time_ns']:10.3f} ns waiting on {st['description']}")
        check(len(s["stalls"]) > 0 and all(st["signalled_by"] and st["signalled_by"]["dma_queue"] for st in s["stalls"]),
              "every PE stall names a DMA queue as the releasing signaller")
        check(s["pe_stalled_dma"] > 25, f"PE waits on DMA for {s['pe_stalled_dma']:.2f}% of the run (> 25%)")
        check(s["mfu"] < 70, f"MFU {s['mfu']:.2f}% < 70%: DMA-bound")
        check_verdict(a.chip, rep, check)
    else:
        ridge = peak / (share * 1e9)
        print(f"{a.chip}: peak {peak / 1e12:.2f} TFLOPS bf16, HBM share {share:g} GB/s, ridge point "
              f"{ridge:.1f} FLOP/byte")
        print(f"{'kernel':<28} {'FLOP/B':>7} {'roofline':>9} {'MFU':>7} {'PE act':>7} {'PE wait DMA':>12} "
              f"{'HBM GB/s':>9} {'HBM %':>6} {'bound':>6}")
        configs = [("naive (stat+mov per mm)", dict(naive=True, reuse=1, nbuf=8),
                    FLOP_PER_MATMUL / (TILE_BYTES + STAT_BYTES)),
                   ("stream R=1", dict(reuse=1, nbuf=4, group=4), FLOP_PER_MATMUL / TILE_BYTES),
                   ("stream R=2", dict(reuse=2, nbuf=4, group=4), 2 * FLOP_PER_MATMUL / TILE_BYTES),
                   ("stream R=4", dict(reuse=4, nbuf=4, group=4), 4 * FLOP_PER_MATMUL / TILE_BYTES)]
        for name, kw, intensity in configs:
            tiles = 64
            rep = run(a.emu, a.chip, a.tmp, "roofline-" + name.split()[0] + str(kw.get("reuse")),
                      stream_program(tiles=tiles, **kw))
            s = summary(a.chip, rep, tiles * kw["reuse"] * FLOP_PER_MATMUL)
            measured_intensity = s["flops"] / (rep["hbm_read_bytes"] + rep["hbm_write_bytes"])
            roof = 100 * min(1.0, measured_intensity / ridge)
            bound = "DMA" if measured_intensity < ridge else "PE"
            print(f"{name:<28} {measured_intensity:>7.1f} {roof:>8.1f}% {s['mfu']:>6.1f}% {s['pe_active']:>6.1f}% "
                  f"{s['pe_stalled_dma']:>11.1f}% {s['hbm']:>9.1f} {s['hbm_pct']:>5.1f}% {bound:>6}")
            check_verdict(a.chip, rep, check)
            intensity = measured_intensity  # with the resident stationaries' one-off loads
            if intensity <= 0.8 * ridge:
                check(s["mfu"] <= roof + 2, f"{name}: below the ridge, MFU {s['mfu']:.1f}% <= roofline {roof:.1f}% + 2")
                if kw.get("naive"):
                    check(s["hbm_pct"] < 80, f"{name}: HBM busy {s['hbm_pct']:.1f}% < 80% of the share "
                                             "(1 KiB and 256 B per partition: overhead-bound)")
                else:
                    check(s["hbm_pct"] >= 80, f"{name}: HBM busy {s['hbm_pct']:.1f}% >= 80% of the share")
                check(s["pe_stalled_dma"] > 20, f"{name}: PE waits on DMA queues {s['pe_stalled_dma']:.1f}% of the run")
            elif intensity >= 2 * ridge:
                check(s["mfu"] >= 85, f"{name}: at {intensity / ridge:.1f}x the ridge, MFU {s['mfu']:.1f}% >= 85%")
            else:
                print(f"      {name}: within [0.8, 2] x the ridge; no check")
    print("PASS" if not fails else f"{len(fails)} FAILURES")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
