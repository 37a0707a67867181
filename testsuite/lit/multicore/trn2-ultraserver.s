# RUN: rm -rf %t && mkdir %t
# RUN: %python %S/../trn-emu/Inputs/npy.py write %t/x.npy '<f4' 64,8,128 arange
# RUN: trn-emu %s --system trn2-ultraserver --cores 1 --in x=%t/x.npy --out y=%t/y.npy \
# RUN:   --report > %t/report.txt
# RUN: FileCheck %s --input-file %t/report.txt
#
# One core on each of the 64 chips of a Trn2 UltraServer: four trn2.48xlarge
# (a 4x4 torus of 256 GB/s links each) joined along Z, a 4x4x4 3D torus
# whose Z links carry 128 GB/s (isa/Instances.td: I2's 256 GB/s per chip
# between instances over its two Z links). Chip (x, y, z) is 16 z + 4 y + x.
# Core k's x[r, c] is 1024 k + 128 r + c; the all_reduce gives every core
# the sum, 64 (128 r + c) + 1024 (0 + ... + 63) (exact in fp32: below 2^24).
# RUN: %python %S/../trn-emu/Inputs/npy-expect.py %t/y.npy '<f4' 64,8,128 '64 * (i[1] * 128 + i[2]) + 2064384'
#
# A small all_reduce is latency-bound (docs/multicore.md, "Time"): a ring of
# 64 chips takes 2 x 63 = 126 steps, each a chunk of 4096 / 64 = 64 bytes
# over one link plus the DMA's fixed 1300 ns and one hop's 500 ns. The
# chunk takes 64 B / 256 GB/s = 0.25 ns on an X or Y link, 64 B / 128 GB/s
# = 0.5 ns on a Z link. The ring's 64 steps cross 4 Z links (one from each
# instance to the next, the last over the wrap-around), and the run ends
# with the chunk whose 126 steps cross the most of them: 8 (all 4, then
# all 4 again in its other 62 steps). 126 x 1800 + 118 x 0.25 + 8 x 0.5 =
# 226833.5 ns. (Taking every step at the slowest link's 0.5 ns bounds it:
# 126 x 1800.5 = 226863 ns, 30 ns above.) It starts when SP's trigger
# (600 ns, hardware DGE) is done and signals 300 ns (DmaSignalNs) after
# its last slice: at 227733.5 ns; SP's li (0.834 ns) ends the run.
# CHECK: ran 128 instructions in 227.734 us ({{[0-9]+}} cycles at the PE clock) on 64 chips of trn2-ultraserver (1 core each) (64 updates between cores)
#
# Each chip sends 126 chunks of 64 bytes to the next in the ring: each
# instance's rows snaking right, left, right, left, every other instance
# backwards, so that the ring goes from chip 12 (the end of instance 0) up
# to chip 28 and back through instance 1 to chip 16, up to 32, ..., and
# closes from chip 48 to chip 0 over the Z wrap-around. A Z link is busy
# 126 x 0.5 ns.
# CHECK: Links: 1 collectives, 8064 transfers
# CHECK-NEXT: chip 0 -> chip 1 (+x) 8064 bytes 126 transfers busy 0.032 us ( 0.0%) at 256 GB/s
# CHECK: chip 3 -> chip 7 (+y) 8064 bytes 126 transfers
# CHECK: chip 12 -> chip 28 (+z) 8064 bytes 126 transfers busy 0.063 us ( 0.0%) at 128 GB/s
# CHECK: chip 16 -> chip 32 (+z) 8064 bytes 126 transfers
# CHECK: chip 28 -> chip 29 (+x) 8064 bytes 126 transfers
# CHECK: chip 44 -> chip 60 (+z) 8064 bytes 126 transfers
# CHECK: chip 48 -> chip 0 (+z) 8064 bytes 126 transfers
#
# Every step of the ring is one hop: 64 links each carry the 126 transfers
# of one chip, 64 x 126 = 8064, every transfer there is.
# RUN: grep -c "^ *chip [0-9]* -> chip [0-9]* (.*126 transfers" %t/report.txt \
# RUN:   | FileCheck %s --check-prefix=HOPS
# HOPS: {{^}}64{{$}}
#
# A trn2 has 8 cores; and 8 cores on each of 64 chips (the default) are
# beyond the default host-memory budget (60.5 MiB of SBUF and PSUM each).
# RUN: not trn-emu %s --system trn2-ultraserver --cores 9 --random-inputs 2>&1 \
# RUN:   | FileCheck %s --check-prefix=CORES
# CORES: trn-emu: error: --cores 9: trn2 has 8 cores
# RUN: not trn-emu %s --system trn2-ultraserver --random-inputs 2>&1 \
# RUN:   | FileCheck %s --check-prefix=BUDGET
# BUDGET: trn-emu: error: trn2's SBUF and PSUM (with a written flag per byte) needs 60.5 MiB of host memory, and 4.0 GiB is already in use: that is beyond the --max-memory budget of 4 GiB

# No .chip: the --system preset names the chip.
.tensor x : fp32[8, 128] input
.tensor y : fp32[8, 128] output
.sem done
sp.all_reduce y, x signal(done)
sp.li r9, 0 wait(done >= 1)
