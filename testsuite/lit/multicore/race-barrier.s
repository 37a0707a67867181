# Each core stores its own row of a shared tensor, then reads both rows, and
# no core_barrier (or update) orders the other core's store before its read.
# RUN: not trn-emu %s --cores 2 2>&1 | FileCheck %s
# RUN: trn-emu %s --cores 2 --race-check=warn 2>&1 | FileCheck %s --check-prefix=WARN
#
# With the barrier between the stores and the reads: no race.
# RUN: trn-emu %S/Inputs/race-barrier-ordered.s --cores 2 | FileCheck %s --check-prefix=OK
# OK-NOT: race
# OK: ran {{[0-9]+}} instructions

.chip trn2
.tensor rows : fp32[2, 64] output shared
.tensor seen : fp32[2, 64] output
.sbuf t : fp32[1, 64]
.sbuf s : fp32[2, 64]
.sem done
.sem stored
.sem bar
.sem got
    sp.core_id r1
    sp.muli r3, r1, 64
    dve.memset t, 1.0 signal(done)
    sp.dma_copy rows[0:1, :] + r3, t, q0.0 wait(done >= 1) signal(stored)
    sp.nop wait(stored >= 1)
    sp.dma_copy s, rows, q0.1 signal(got)
    sp.dma_copy seen, s, q0.2 wait(got >= 1)

# Core 1's store is checked before core 0's read (an earlier window); core
# 0's store before core 1's read: each core finds one.
# CHECK: core 0: {{.*}}race-barrier.s:25:5: error: race (read-after-write) on shared HBM bytes 0x100..0x1FF (tensor 'rows', elements 64..127): the transfer of SP instruction 4 (dma_copy) on queue q0.1 reads operand 'src', and the transfer of core 1's SP instruction 2 (dma_copy) on queue q0.0 writes operand 'dst'; no semaphore update between the cores orders the write before the read
# CHECK: {{.*}}race-barrier.s:23:5: note: the other access: the transfer of core 1's SP instruction 2 (dma_copy) on queue q0.0

# WARN: core 0: {{.*}}race-barrier.s:25:5: warning: race (read-after-write) on shared HBM bytes 0x100..0x1FF (tensor 'rows', elements 64..127): {{.*}} and the transfer of core 1's SP instruction 2 (dma_copy) on queue q0.0 writes operand 'dst'
# WARN: core 1: {{.*}}race-barrier.s:25:5: warning: race (read-after-write) on shared HBM bytes 0x0..0xFF (tensor 'rows', elements 0..63): {{.*}} and the transfer of core 0's SP instruction 2 (dma_copy) on queue q0.0 writes operand 'dst'
# WARN: warning: 2 races (--race-check=warn)
