# RUN: rm -rf %t && mkdir %t
# RUN: %python %S/../trn-emu/Inputs/npy.py write %t/x.npy '<f4' 16,8,128 arange
# RUN: trn-emu %s --system trn2.48xlarge --cores 1 --in x=%t/x.npy --out y=%t/y.npy --report \
# RUN:   | FileCheck %s
#
# One core on each of the 16 chips of a trn2.48xlarge, joined by a 4x4
# torus of NeuronLink links (isa/Instances.td). Core k's x[r, c] is
# 1024 k + 128 r + c; the all_reduce gives every core the sum,
# 16 (128 r + c) + 1024 (0 + ... + 15).
# RUN: %python %S/../trn-emu/Inputs/npy-expect.py %t/y.npy '<f4' 16,8,128 '16 * (i[1] * 128 + i[2]) + 122880'
#
# A small all_reduce is latency-bound (docs/multicore.md, "Time"): a ring of
# 16 chips takes 2 x 15 steps, each a chunk of 4096 / 16 = 256 bytes over
# one link, 256 B / 256 GB/s = 1 ns, plus the DMA's fixed 1300 ns and one
# hop's 500 ns: 1801 ns a step, 54030 ns in all. It starts when SP's
# trigger (600 ns, hardware DGE) is done and signals 300 ns (DmaSignalNs)
# after its last slice: at 54930 ns; SP's li (0.834 ns) ends the run.
# CHECK: ran 32 instructions in 54.931 us ({{[0-9]+}} cycles at the PE clock) on 16 chips of trn2.48xlarge (1 core each) (16 updates between cores)
# CHECK: Core 15:
# CHECK: waiting 54330.000 ns on s0 (done)
#
# Each chip sends 30 chunks of 256 bytes to the next in the ring, the rows
# of the torus snaking right, left, right, left: chip 3 goes down to 7,
# chip 12 back up to 0 over the wrap-around.
# CHECK: Links: 1 collectives, 480 transfers
# CHECK-NEXT: chip 0 -> chip 1 (+x) 7680 bytes 30 transfers busy 0.030 us ( 0.1%) at 256 GB/s
# CHECK: chip 3 -> chip 7 (+y) 7680 bytes 30 transfers
# CHECK: chip 7 -> chip 6 (-x) 7680 bytes 30 transfers
# CHECK: chip 12 -> chip 0 (+y) 7680 bytes 30 transfers
#
# The report JSON carries the same figures (busy_percent of the run's time).
# RUN: trn-emu %s --system trn2.48xlarge --cores 1 --in x=%t/x.npy --report-json %t/r.json
# RUN: FileCheck %s --check-prefix=JSON --input-file %t/r.json
# JSON: "instance": "trn2.48xlarge",
# JSON-NEXT: "collectives": 1,
# JSON-NEXT: "links": [
# JSON-NEXT: {
# JSON-NEXT: "name": "chip 0 -> chip 1 (+x)",
# JSON-NEXT: "bytes": 7680,
# JSON-NEXT: "transfers": 30,
# JSON-NEXT: "busy_ns": 30,
# JSON-NEXT: "busy_percent": 0.05,
# JSON-NEXT: "bandwidth_gbps": 256
#
# The trace has a process for the links after the 16 cores', a thread per
# link, a slice per transfer: chip 0's first slice goes at 0.6 us (after
# SP's trigger) and holds its link 1 ns.
# RUN: trn-emu %s --system trn2.48xlarge --cores 1 --in x=%t/x.npy --trace %t/t.json
# RUN: FileCheck %s --check-prefix=TRACE --input-file %t/t.json
# TRACE: {"name":"process_name","ph":"M","pid":17,"tid":0,"args":{"name":"links"}}
# TRACE: {"name":"thread_name","ph":"M","pid":17,"tid":0,"args":{"name":"chip 0 -> chip 1 (+x) (256 GB/s)"}}
# TRACE-SAME: {"name":"transfer","ph":"X","pid":17,"tid":0,"ts":0.600000,"dur":0.001000,"args":{"bytes":256}}
#
# trn1.32xlarge: the same torus of trn1 chips at 384 GB/s per chip, 96 GB/s
# per link and direction.
# RUN: trn-emu %s --system trn1.32xlarge --cores 1 --in x=%t/x.npy --out y=%t/y1.npy --report \
# RUN:   | FileCheck %s --check-prefix=TRN1
# RUN: cmp %t/y.npy %t/y1.npy
# TRN1: on 16 chips of trn1.32xlarge (1 core each)
# TRN1: chip 0 -> chip 1 (+x) 7680 bytes 30 transfers {{.*}} at 96 GB/s
#
# With 2 cores per chip the ring runs through both cores of each chip.
# RUN: trn-emu %s --system trn1.32xlarge --random-inputs --report | FileCheck %s --check-prefix=TWO
# TWO: on 16 chips of trn1.32xlarge (2 cores each)
# TWO: core 0 on-chip
# TWO: chip 0 -> chip 1 (+x)

# No .chip: the --system preset names the chip.
.tensor x : fp32[8, 128] input
.tensor y : fp32[8, 128] output
.sem done
sp.all_reduce y, x signal(done)
sp.li r9, 0 wait(done >= 1)
