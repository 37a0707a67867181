# RUN: rm -rf %t && mkdir %t
# RUN: %python %S/../trn-emu/Inputs/npy.py write %t/x.npy '<f4' 144,1,1440 fill:1
# RUN: trn-emu %s --system trn3-ultraserver --cores 1 --max-memory 12G --in x=%t/x.npy \
# RUN:   --out y=%t/y.npy --report | FileCheck %s
#
# The 144 trn3 chips of a Trn3 UltraServer, behind a switch (isa/Instances.td,
# I3), one core each. Every core's SBUF and PSUM count against --max-memory
# when the core is made (68.5 MiB each on trn3, 9.6 GiB for 144), though
# the host touches only what the program uses (about 400 MiB here).
# RUN: %python %S/../trn-emu/Inputs/npy-expect.py %t/y.npy '<f4' 144,1,1440 '144'
#
# A ring over the switch: every step goes up one chip's port and down the
# next's, two hops. 2 x 143 steps of a 40-byte chunk (1440 / 144 elements),
# each 40 B / 2,199,023 MB/s (19 ps, rounded up) + the DMA's 1300 ns + 2 x
# 500 ns: 2300.019 ns; after SP's trigger (600 ns) and before its signal
# (300 ns) and SP's li (0.834 ns): 658706.268 ns.
# CHECK: ran 288 instructions in 658.706 us ({{[0-9]+}} cycles at the PE clock) on 144 chips of trn3-ultraserver (1 core each) (144 updates between cores)
# CHECK: Links: 1 collectives, 82368 transfers
# CHECK-NEXT: chip 0 -> switch 11440 bytes 286 transfers busy 0.005 us ( 0.0%) at 2199.023 GB/s
# CHECK-NEXT: switch -> chip 0 11440 bytes 286 transfers
# CHECK-NEXT: chip 1 -> switch 11440 bytes 286 transfers
#
# Without the larger budget, the error says what it would take:
# RUN: not trn-emu %s --system trn3-ultraserver --cores 1 --random-inputs 2>&1 | FileCheck %s --check-prefix=BUDGET
# BUDGET: trn-emu: error: trn3's SBUF and PSUM (with a written flag per byte) needs 68.5 MiB of host memory, and 3.9 GiB is already in use: that is beyond the --max-memory budget of 4 GiB

.tensor x : fp32[1, 1440] input
.tensor y : fp32[1, 1440] output
.sem done
sp.all_reduce y, x signal(done)
sp.li r9, 0 wait(done >= 1)
