#!/usr/bin/env python3
"""Checks the utilization reports of the four GEMM steps (docs/examples/gemm).

usage: gemm_check.py STEP1.json STEP2.json STEP3.json STEP4.json

Each file is trn-emu's --report-json for one step, run on trn2. The script
prints one line of figures per step and checks what the README says of them:

- every step does the same work (2 * 1024^3 FLOP) and moves exactly the HBM
  bytes its design implies (reads: 20, 18, 10 and 4 MiB; writes: 4 MiB);
- the total time strictly decreases from step 1 to step 4;
- step 1 is DMA-bound: the PE is idle most of the time, nearly all of its
  waiting is on semaphores that DMA transfers signal, and its transfers (256 B
  and 1 KiB per partition) are too small to fill HBM: under 75% of the
  core's bandwidth (DMABW; docs/timing-model.md section 9);
- step 4 is TensorE-bound: PE active >= 80% and MFU >= 75%, the PE waiting
  only for the first operands (at most 12% of the run). The rest of the run
  is the first k-step's loads (a 600 ns trigger, ~1.3 us of DMA fixed costs
  and 384 KiB) and, after the last matmul, the last store's trigger and
  transfer (~2.3 us): about 5 us of 34 at this size; and MFU also counts
  the PE's throttled start against its peak (trn2's dI/dt ramp, 50% rising
  to 100% over the first 3 us, costs 0.75 us, about 2 points).

Exit status 0 when every check holds, 1 otherwise (each failure is printed).
"""
import json
import sys

MIB = 1 << 20
FLOP = 2 * 1024 ** 3
# The core's share of trn2's HBM bandwidth (isa/Chips.td: HbmChipGBps 2900
# over 8 cores), which the DMA model caps HBM traffic at.
HBM_CORE_GBPS = 2900 / 8
EXPECTED_READ = [20 * MIB, 18 * MIB, 10 * MIB, 4 * MIB]
EXPECTED_WRITE = 4 * MIB


def engine(report, prefix):
    for e in report["engines"]:
        if e["engine"].startswith(prefix):
            return e
    raise KeyError(prefix)


def main(paths):
    if len(paths) != 4:
        print(__doc__.strip().splitlines()[2])
        return 2
    reports = [json.load(open(p)) for p in paths]
    failures = []

    def check(ok, what):
        if not ok:
            failures.append(what)

    print("step  total us   MFU %  PE active %  PE waits on DMA %  HBM GB/s  FLOP/HBM byte  host s")
    for i, r in enumerate(reports, 1):
        pe = engine(r, "PE")
        stalled = pe["stalled_time_ns"]
        on_dma = sum(s["time_ns"] for s in pe["stalls"] if s["signalled_by"] and s["signalled_by"]["dma_queue"])
        traffic = r["hbm_read_bytes"] + r["hbm_write_bytes"]
        print(f"{i:4}  {r['total_time_ns'] / 1000:8.2f}  {r['mfu_estimated_percent']:6.1f}"
              f"  {pe['active_time_percent']:11.1f}  {100 * on_dma / max(stalled, 1e-9):17.1f}"
              f"  {r['hbm_achieved_gbps']:8.1f}  {FLOP / traffic:13.1f}  {r['host']['seconds']:6.2f}")
        check(r["chip"] == "trn2", f"step {i}: ran on {r['chip']}, not trn2")
        check(r["model_flops"] == FLOP, f"step {i}: {r['model_flops']} FLOP, expected {FLOP}")
        check(r["hbm_read_bytes"] == EXPECTED_READ[i - 1],
              f"step {i}: read {r['hbm_read_bytes']} HBM bytes, expected {EXPECTED_READ[i - 1]}")
        check(r["hbm_write_bytes"] == EXPECTED_WRITE,
              f"step {i}: wrote {r['hbm_write_bytes']} HBM bytes, expected {EXPECTED_WRITE}")

    times = [r["total_time_ns"] for r in reports]
    for i in range(1, 4):
        check(times[i] < times[i - 1],
              f"step {i + 1} ({times[i]:.0f} ns) is not faster than step {i} ({times[i - 1]:.0f} ns)")

    r1, pe1 = reports[0], engine(reports[0], "PE")
    on_dma1 = sum(s["time_ns"] for s in pe1["stalls"] if s["signalled_by"] and s["signalled_by"]["dma_queue"])
    check(pe1["active_time_percent"] < 50,
          f"step 1: PE active {pe1['active_time_percent']:.1f}%, expected < 50% (memory-bound)")
    check(on_dma1 >= 0.95 * pe1["stalled_time_ns"],
          f"step 1: only {on_dma1:.0f} of the PE's {pe1['stalled_time_ns']:.0f} ns of waiting is on DMA")
    check(r1["hbm_achieved_gbps"] < 0.75 * HBM_CORE_GBPS,
          f"step 1: HBM at {r1['hbm_achieved_gbps']:.1f} GB/s, expected < 75% of {HBM_CORE_GBPS} GB/s "
          "(small transfers are overhead-bound)")

    r4, pe4 = reports[3], engine(reports[3], "PE")
    check(pe4["active_time_percent"] >= 80,
          f"step 4: PE active {pe4['active_time_percent']:.1f}%, expected >= 80% (TensorE-bound)")
    check(r4["mfu_estimated_percent"] >= 75,
          f"step 4: MFU {r4['mfu_estimated_percent']:.1f}%, expected >= 75%")
    check(pe4["stalled_time_ns"] <= 0.12 * r4["total_time_ns"],
          f"step 4: the PE waits {pe4['stalled_time_ns']:.0f} ns, more than 12% of the run")

    for f in failures:
        print("FAIL: " + f)
    if failures:
        return 1
    print("gemm: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
