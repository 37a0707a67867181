# RUN: rm -rf %t && mkdir %t
# RUN: %python %S/../trn-emu/Inputs/npy.py write %t/x.npy '<f4' 4,2,8 arange
# RUN: trn-emu %s --cores 4 --in x=%t/x.npy --out y=%t/y.npy --report | FileCheck %s
#
# A ring over four cores: core k sends its x to core k + 1 (mod 4) with
# dma_copy_core and waits for core k - 1's on its own s1 (got). y on core k
# is then core k - 1's x.
# RUN: %python %S/../trn-emu/Inputs/npy-expect.py %t/y.npy '<f4' 4,2,8 '((i[0] + 3) % 4) * 16 + i[1] * 8 + i[2]'
#
# Four transfers cross cores (one update each); each core's report names
# who released its wait: core k - 1's DMA.
# CHECK: ran 29 instructions in {{.*}} on 4 cores of trn2 (4 updates between cores)
# CHECK: Core 0:
# CHECK: waiting {{.*}} on s1 (got), last signalled by core 3's SP #{{[0-9]+}}
# CHECK: Core 1:
# CHECK: waiting {{.*}} on s1 (got), last signalled by core 0's SP #{{[0-9]+}}
#
# The same run again gives the same bytes and the same report (the host
# time aside):
# RUN: trn-emu %s --cores 4 --in x=%t/x.npy --out y=%t/y2.npy --report | grep -v '^Host:' > %t/r2.txt
# RUN: trn-emu %s --cores 4 --in x=%t/x.npy --out y=%t/y3.npy --report | grep -v '^Host:' > %t/r3.txt
# RUN: cmp %t/y2.npy %t/y3.npy
# RUN: cmp %t/r2.txt %t/r3.txt
#
# On one core the ring is one core: it sends to itself (core 0), and y = x.
# RUN: %python %S/../trn-emu/Inputs/npy.py write %t/x1.npy '<f4' 2,8 arange
# RUN: trn-emu %s --in x=%t/x1.npy --out y=%t/y1.npy
# RUN: %python %S/../trn-emu/Inputs/npy-expect.py %t/y1.npy '<f4' 2,8 'i[0] * 8 + i[1]'
# A core the system lacks is a fault at the trigger:
# RUN: not trn-emu %S/Inputs/copy-bad.s --cores 2 2>&1 | FileCheck %s --check-prefix=BAD
# BAD: core 0: {{.*}}copy-bad.s:6:1: error: bad program at {{[0-9]+}} ns on SP, instruction 1 (dma_copy_core): copies to core 7, but the system has cores 0 to 1

.chip trn2
.tensor x : fp32[2, 8] input
.tensor y : fp32[2, 8] output
.sbuf xs : fp32[2, 8]
.sbuf recv : fp32[2, 8]
.sem loaded
.sem got
sp.core_id r1
sp.core_count r2
sp.addi r3, r1, 1
sp.blt r3, r2, send
sp.li r3, 0                  # the last core sends to core 0
send:
sp.dma_copy xs, x, q0.0 signal(loaded)
sp.dma_copy_core recv, xs, r3, q0.1, got wait(loaded >= 1)
sp.dma_copy y, recv, q0.2 wait(got >= 1)
