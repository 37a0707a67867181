# RUN: rm -rf %t && mkdir %t
# RUN: %python %S/../trn-emu/Inputs/npy.py write %t/x.npy '<f4' 4,4,8 arange
# RUN: trn-emu %s --cores 4 --in x=%t/x.npy --out ar=%t/ar.npy --out ag=%t/ag.npy \
# RUN:   --out rs=%t/rs.npy --out a2a=%t/a2a.npy --report | FileCheck %s
#
# Core k's x[r, c] is 32k + 8r + c. Over 4 cores:
# all_reduce: every core gets the sum, 4 (8r + c) + 32 (0 + 1 + 2 + 3).
# RUN: %python %S/../trn-emu/Inputs/npy-expect.py %t/ar.npy '<f4' 4,4,8 '4 * (i[1] * 8 + i[2]) + 192'
# all_gather: every core gets the 4 x's, core 0's first.
# RUN: %python %S/../trn-emu/Inputs/npy-expect.py %t/ag.npy '<f4' 4,4,4,8 'i[1] * 32 + i[2] * 8 + i[3]'
# reduce_scatter: core k gets chunk k (row k) of the sum.
# RUN: %python %S/../trn-emu/Inputs/npy-expect.py %t/rs.npy '<f4' 4,8 '4 * (i[0] * 8 + i[1]) + 192'
# all_to_all: chunk j of core k's dst is chunk k of core j's x.
# RUN: %python %S/../trn-emu/Inputs/npy-expect.py %t/a2a.npy '<f4' 4,4,8 'i[1] * 32 + i[0] * 8 + i[2]'
#
# The four run at once, each instruction's signal coming back when its part
# is done. On one chip a ring's hop is a DMA over the sending core's port.
# CHECK: ran 20 instructions in {{.*}} on 4 cores of trn2 (16 updates between cores)
# CHECK: Links: 4 collectives, 60 transfers
# all_reduce 2 x 3 steps of 32-byte chunks, all_gather and reduce_scatter 3
# steps of 128 and 32 bytes, all_to_all 3 chunks of 32 bytes: each core
# sends 6 x 32 + 3 x 128 + 3 x 32 + 3 x 32 = 768 bytes in 15 transfers.
# CHECK-NEXT: core 0 on-chip 768 bytes 15 transfers
# CHECK-NEXT: core 1 on-chip 768 bytes 15 transfers
# CHECK-NEXT: core 2 on-chip 768 bytes 15 transfers
# CHECK-NEXT: core 3 on-chip 768 bytes 15 transfers
#
# The reduction order: the sum of core c's chunk adds the cores in ring
# order from the one after c, each partial rounded to the tensor's type. In
# bf16 with core 0's x = 512 and the others' 1: chunk 0 adds 1 + 1 + 1 +
# 512 = 515, which rounds to 516; chunk 1 adds 1 + 1 + 512 (514, a tie,
# rounds to 512) + 1 (513: 512); chunks 2 and 3 lose each 1 the same way.
# RUN: %python %S/../trn-emu/Inputs/npy.py write %t/b.npy '<u2' 4,4 \
# RUN:   17408,17408,17408,17408,16256,16256,16256,16256,16256,16256,16256,16256,16256,16256,16256,16256
# RUN: trn-emu %S/Inputs/allreduce-bf16.s --cores 4 --in x=%t/b.npy --out y=%t/b-out.npy
# RUN: %python %S/../trn-emu/Inputs/npy-expect.py %t/b-out.npy '<u2' 4,4 '0x4401 if i[1] == 0 else 0x4400'
#
# The same run twice gives the same bytes and report (the host time aside).
# RUN: trn-emu %s --cores 4 --in x=%t/x.npy --out ar=%t/ar2.npy --report | grep -v '^Host:' > %t/r2.txt
# RUN: trn-emu %s --cores 4 --in x=%t/x.npy --out ar=%t/ar3.npy --report | grep -v '^Host:' > %t/r3.txt
# RUN: cmp %t/ar2.npy %t/ar3.npy
# RUN: cmp %t/r2.txt %t/r3.txt

.chip trn2
.tensor x : fp32[4, 8] input
.tensor ar : fp32[4, 8] output
.tensor ag : fp32[4, 4, 8] output
.tensor rs : fp32[8] output
.tensor a2a : fp32[4, 8] output
.sem done
sp.all_reduce ar, x signal(done)
act.all_gather ag, x signal(done)
pool.reduce_scatter rs, x signal(done)
sp.all_to_all a2a, x signal(done)
sp.li r9, 0 wait(done >= 4)
