# Races between cores on shared HBM (docs/races.md, "Races between cores"):
# both cores store the same rows of a shared tensor, and nothing orders one
# store after the other. Core 1's store is checked second (the system runs
# core 0 first in each window) and names core 0's.
# RUN: rm -rf %t && mkdir %t
# RUN: not trn-emu %s --cores 2 --out acc=%t/acc.npy 2>&1 | FileCheck %s --check-prefix=ERROR
# RUN: not ls %t/acc.npy
# RUN: trn-emu %s --cores 2 --race-check=warn --out acc=%t/acc.npy 2>&1 | FileCheck %s --check-prefix=WARN
# RUN: ls %t/acc.npy
# RUN: trn-emu %s --cores 2 --race-check=off 2>&1 | FileCheck %s --check-prefix=OFF
#
# The same report on every run:
# RUN: not trn-emu %s --cores 2 > %t/r1.txt 2>&1
# RUN: not trn-emu %s --cores 2 > %t/r2.txt 2>&1
# RUN: cmp %t/r1.txt %t/r2.txt
#
# Private tensors are each core's own: the same program on a private acc
# has no race.
# RUN: sed 's/output shared/output/' %s > %t/private.s
# RUN: trn-emu %t/private.s --cores 2 | FileCheck %s --check-prefix=OK
#
# Ordered by a sem_signal_core from core 0 after its store, which core 1's
# store waits for: no race.
# RUN: trn-emu %S/Inputs/race-shared-ordered.s --cores 2 | FileCheck %s --check-prefix=OK
# OK-NOT: race
# OK: ran {{[0-9]+}} instructions

.chip trn2
.tensor acc : fp32[2, 64] output shared
.sbuf t : fp32[2, 64]
.sem done
    dve.memset t, 1.0 signal(done)
    sp.dma_copy acc, t, q0.0 wait(done >= 1)

# ERROR: core 1: {{.*}}race-shared.s:33:5: error: race (write-after-write) on shared HBM bytes 0x0..0x1FF (tensor 'acc', elements 0..127): the transfer of SP instruction 0 (dma_copy) on queue q0.0 writes operand 'dst', and the transfer of core 0's SP instruction 0 (dma_copy) on queue q0.0 writes operand 'dst'; no semaphore update between the cores orders the write before the write
# ERROR-NEXT: sp.dma_copy ap(hbm fp32, [64, 2], 0x0, [1, 64]), ap(sbuf fp32, 0:2, 0x0, [1, 64]), q0.0 wait(s0 >= 1)
# ERROR-NEXT: {{.*}}race-shared.s:33:5: note: the other access: the transfer of core 0's SP instruction 0 (dma_copy) on queue q0.0
# ERROR-NEXT: sp.dma_copy
# ERROR-NEXT: {{.*}}race-shared.s:33:5: note: hint: cores order their accesses only by updating each other's semaphores: after the transfer of core 0's SP instruction 0 (dma_copy) on queue q0.0 ({{.*}}race-shared.s:33:5), core 0 must update a semaphore of core 1 (sem_signal_core, core_barrier, dma_copy_core's remote_sem) that the transfer of SP instruction 0 (dma_copy) on queue q0.0 (its trigger) ({{.*}}race-shared.s:33:5) waits on
# ERROR-NOT: race
# ERROR-NOT: ran

# WARN: core 1: {{.*}}race-shared.s:33:5: warning: race (write-after-write) on shared HBM bytes 0x0..0x1FF (tensor 'acc', elements 0..127): the transfer of SP instruction 0 (dma_copy) on queue q0.0 writes operand 'dst', and the transfer of core 0's SP instruction 0 (dma_copy) on queue q0.0 writes operand 'dst'
# WARN: warning: 1 race (--race-check=warn)
# WARN: ran 4 instructions

# OFF-NOT: race
# OFF: ran 4 instructions
