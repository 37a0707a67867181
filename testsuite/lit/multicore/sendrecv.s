# RUN: rm -rf %t && mkdir %t
# RUN: %python %S/../trn-emu/Inputs/npy.py write %t/x.npy '<f4' 4,16 arange
# RUN: trn-emu %s --cores 4 --in x=%t/x.npy --out y=%t/y.npy --out z=%t/z.npy | FileCheck %s
#
# Core k's x[j] is 16k + j. The first sendrecv of each core sends x to
# core k + 1 and receives from core k - 1; the second sends to core k + 2
# and receives from core k - 2. A sendrecv pairs with its peer's in the
# order each core issues them (the Nth from a to b with the Nth to b from a).
# RUN: %python %S/../trn-emu/Inputs/npy-expect.py %t/y.npy '<f4' 4,16 '((i[0] + 3) % 4) * 16 + i[1]'
# RUN: %python %S/../trn-emu/Inputs/npy-expect.py %t/z.npy '<f4' 4,16 '((i[0] + 2) % 4) * 16 + i[1]'
#
# Time (docs/multicore.md, "Collectives"): SP runs five register
# instructions (one 1.2 GHz sequencer cycle each, 0.834 ns), the first
# sendrecv (hardware-DGE trigger cost, 600 ns), two more register
# instructions, and the second sendrecv, which issues at 5 x 0.834 + 600 +
# 2 x 0.834 + 600 = 1205.838 ns. A transfer between cores of a chip takes
# bytes / the sending core's port (2900 GB/s / 8 cores = 362.5 GB/s: 64
# bytes in 0.177 ns, rounded up to the picosecond) plus the DMA's fixed
# 1300 ns, so the second pair is done at 2506.015 ns; its signal arrives
# DmaSignalNs = 300 ns later and SP's li (0.834 ns) ends the run at
# 2806.849 ns.
# CHECK: ran 40 instructions in 2.807 us ({{[0-9]+}} cycles at the PE clock) on 4 cores of trn2 (8 updates between cores)

.chip trn2
.tensor x : fp32[16] input
.tensor y : fp32[16] output
.tensor z : fp32[16] output
.sem done
sp.core_id r1
sp.addi r2, r1, 1
sp.andi r2, r2, 3             # next
sp.addi r3, r1, 3
sp.andi r3, r3, 3             # previous
sp.sendrecv y, x, r2, r3 signal(done)
sp.addi r2, r1, 2
sp.andi r2, r2, 3
sp.sendrecv z, x, r2, r2 signal(done)
sp.li r9, 0 wait(done >= 2)
