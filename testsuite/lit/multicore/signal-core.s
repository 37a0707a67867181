# RUN: trn-emu %s --cores 2 --report | FileCheck %s
#
# A semaphore update between cores is a one-word DMA write: it lands
# DmaFixedNs + DmaSignalNs = 1300 + 300 = 1600 ns after the instruction that
# sends it completes (docs/multicore.md). On trn2 a sequencer instruction
# takes 1 SP cycle at 1200 MHz, 834 ps (rounded up). Core 0 runs core_id,
# bne, li and sem_signal_core: the update leaves at 4 x 834 = 3336 ps and
# lands at 1603336 ps. Core 1 runs core_id and the taken bne, so its nop
# waits from 1668 ps: 1601.668 ns; it ends 834 ps after the update lands.
# CHECK: ran 8 instructions in 1.604 us (3850 cycles at the PE clock) on 2 cores of trn2 (1 updates between cores)
# CHECK: Core 0:
# CHECK: Report (trn2): total 4.170 ns, 10 PE cycles, 5 instructions
# CHECK: Core 1:
# CHECK: Report (trn2): total 1604.170 ns, 3850 PE cycles, 3 instructions
# CHECK: SP (Sync)             3          2.502     0.2%       1601.668    99.8%
# CHECK-NEXT: waiting 1601.668 ns on s0 (go), last signalled by core 0's SP #3 at {{.*}}signal-core.s:[[#@LINE+7]]

.chip trn2
.sem go
sp.core_id r1
sp.bne r1, r0, recv
sp.li r2, 1
sp.sem_signal_core go, 1, r2
sp.halt
recv:
sp.nop wait(go >= 1)
