# dma_copy_core's data is an access on the core it lands on, by the sending
# core's transfer: cores 0 and 1 swap tiles, and each stores what it got
# without waiting on got (the remote_sem). The store's read of recv races
# with the other core's write into it.
# RUN: not trn-emu %s --cores 2 --random-inputs 2>&1 | FileCheck %s
#
# Waiting on got first: no race.
# RUN: trn-emu %S/Inputs/race-copy-ordered.s --cores 2 --random-inputs | FileCheck %s --check-prefix=OK
# OK-NOT: race
# OK: ran {{[0-9]+}} instructions

.chip trn2
.tensor x : fp32[2, 8] input
.tensor y : fp32[2, 8] output
.sbuf xs : fp32[2, 8]
.sbuf recv : fp32[2, 8]
.sem loaded
.sem got
sp.core_id r1
sp.xori r3, r1, 1
sp.dma_copy xs, x, q0.0 signal(loaded)
sp.dma_copy_core recv, xs, r3, q0.1, got wait(loaded >= 1)
sp.dma_copy y, recv, q0.2

# CHECK: core 0: {{.*}}race-copy.s:23:1: error: race (read-after-write) on SBUF partitions 0..1, bytes 64..95 (allocation 'recv'): the transfer of SP instruction 4 (dma_copy) on queue q0.2 reads operand 'src', and the transfer of core 1's SP instruction 3 (dma_copy_core) on queue q0.1 writes operand 'dst'; no semaphore update between the cores orders the write before the read
# CHECK-NEXT: sp.dma_copy ap(hbm fp32, [8, 2], 0x40, [1, 8]), ap(sbuf fp32, 0:2, 0x40, [1, 8]), q0.2
# CHECK-NEXT: {{.*}}race-copy.s:22:1: note: the other access: the transfer of core 1's SP instruction 3 (dma_copy_core) on queue q0.1
# CHECK-NEXT: sp.dma_copy_core
# CHECK-NEXT: {{.*}}race-copy.s:22:1: note: hint: the transfer adds 1 to got on core 0 when its data lands: give the transfer of SP instruction 4 (dma_copy) on queue q0.2 (its trigger) ({{.*}}race-copy.s:23:1) a wait on got
