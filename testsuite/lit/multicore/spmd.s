# RUN: rm -rf %t && mkdir %t
# RUN: %python %S/../trn-emu/Inputs/npy.py write %t/x.npy '<f4' 2,1,4 arange
# RUN: %python %S/../trn-emu/Inputs/npy.py write %t/w.npy '<f4' 1,4 100,200,300,400
# RUN: trn-emu %s --cores 2 --in x=%t/x.npy --in w=%t/w.npy --out y=%t/y.npy \
# RUN:   --out ids=%t/ids.npy --out seen=%t/seen.npy --out ys=%t/ys.npy | FileCheck %s
# CHECK: ran 22 instructions in {{.*}} on 2 cores of trn2 (2 updates between cores)
#
# Private tensors: a copy per core, [cores, shape...] in the files (x's
# [2, 1, 4] gives core k row k); shared ones (w, ids) one copy for the chip.
# RUN: %python %S/../trn-emu/Inputs/npy-expect.py %t/y.npy '<f4' 2,1,4 '4 * i[0] + i[2] + 100 * (i[2] + 1)'
# Each core wrote its core_id into shared ids at its own column; after the
# barrier both cores read both.
# RUN: %python %S/../trn-emu/Inputs/npy-expect.py %t/ids.npy '<i4' 1,2 'i[1] + 10'
# RUN: %python %S/../trn-emu/Inputs/npy-expect.py %t/seen.npy '<i4' 2,1,2 'i[2] + 10'
# An SBUF allocation's file holds every core's too.
# RUN: %python %S/../trn-emu/Inputs/npy-expect.py %t/ys.npy '<f4' 2,1,4 '4 * i[0] + i[2] + 100 * (i[2] + 1)'
#
# --lnc 2 is the same two cores: one logical core of an HBM stack's pair.
# RUN: trn-emu %s --lnc 2 --in x=%t/x.npy --in w=%t/w.npy --out seen=%t/seen2.npy | FileCheck %s
# RUN: cmp %t/seen.npy %t/seen2.npy
#
# A private input given once is every core's:
# RUN: %python %S/../trn-emu/Inputs/npy.py write %t/x1.npy '<f4' 1,4 1,2,3,4
# RUN: trn-emu %s --cores 2 --in x=%t/x1.npy --in w=%t/w.npy --out y=%t/y1.npy
# RUN: %python %S/../trn-emu/Inputs/npy-expect.py %t/y1.npy '<f4' 2,1,4 'i[2] + 1 + 100 * (i[2] + 1)'
#
# On one core (no --cores) core_barrier has no peer:
# RUN: not trn-emu %s --in x=%t/x1.npy --in w=%t/w.npy 2>&1 | FileCheck %s --check-prefix=ONE
# ONE: spmd.s:[[#@LINE+24]]:1: error: bad program at 3628 ns on SP, instruction 7 (core_barrier): core_barrier synchronises the two cores that share an HBM stack, but this run has one core; run the program on a system of cores (trn-emu --system)

.chip trn2
.tensor x : fp32[1, 4] input
.tensor w : fp32[1, 4] input shared
.tensor y : fp32[1, 4] output
.tensor ids : int32[1, 2] output shared
.tensor seen : int32[1, 2] output
.sbuf xs : fp32[1, 4]
.sbuf ws : fp32[1, 4]
.sbuf ys : fp32[1, 4]
.sbuf ss : int32[1, 2]
.sem loaded
.sem done
.sem bar
.sem stored
sp.core_id r1
sp.core_count r2
sp.addi r3, r1, 10
sp.reg_store ids[0, 0] + r1, r3      # shared: each core its own column
sp.dma_copy xs, x, q0.0 signal(loaded)
sp.dma_copy ws, w, q0.1 signal(loaded)
dve.tensor_tensor ys, xs, ws, add wait(loaded >= 2) signal(done)
sp.dma_copy y, ys, q0.2 wait(done >= 1)
sp.core_barrier bar                   # both cores' ids are in HBM after this
sp.dma_copy ss, ids, q0.3 signal(stored)
sp.dma_copy seen, ss, q0.4 wait(stored >= 1)
