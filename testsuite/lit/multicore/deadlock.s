# RUN: not trn-emu %s --cores 2 2>&1 | FileCheck %s
#
# Core 0 waits for two updates; core 1 sends one. The deadlock names every
# core's waiting engine, what it waits for and who could signal it.
# CHECK: error: deadlock at 1604 ns: every engine of the 2 cores that has not finished waits on a semaphore, and no DMA transfer or update between cores is in flight
# CHECK-NEXT: {{.*}}deadlock.s:[[#@LINE+13]]:1: core 0 SP, instruction 3 (nop), waits for s0 (go) >= 2, and s0 is 1
# CHECK-NEXT: s0 is signalled by: SP #6 ({{.*}}deadlock.s:[[#@LINE+16]]:1) +1 from another core
# CHECK-NOT: core 1
#
# With four cores, cores 2 and 3 signal core 0 too: no deadlock.
# RUN: trn-emu %s --cores 4 | FileCheck %s --check-prefix=FOUR
# FOUR: ran 20 instructions in {{.*}} on 4 cores of trn2 (3 updates between cores)

.chip trn2
.sem go
sp.core_id r1
sp.li r2, 0
sp.bne r1, r2, other
sp.nop wait(go >= 2)
sp.halt
other:
sp.li r3, 0
sp.sem_signal_core go, 1, r3
