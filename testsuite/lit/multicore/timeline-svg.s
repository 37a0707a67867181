# --timeline-svg of a run on several cores: one picture on one time axis,
# each core's rows under a row naming it; the same bytes on every run. The
# program is signal-core.s's: core 0 runs 5 SP instructions, core 1 three,
# the last of which waits 1600 ns for core 0's update.
# RUN: rm -rf %t && mkdir %t
# RUN: trn-emu %s --cores 2 --timeline-svg %t/a.svg --timeline-title "two cores"
# RUN: trn-emu %s --cores 2 --timeline-svg %t/b.svg --timeline-title "two cores"
# RUN: cmp %t/a.svg %t/b.svg
# RUN: %python %S/../trn-emu/Inputs/svg-check.py %t/a.svg | FileCheck %s
# RUN: FileCheck %s --check-prefix=TEXT < %t/a.svg
#
# CHECK:      row SP (Sync)
# CHECK-NEXT: row SP (Sync)
# CHECK-NEXT: slice x=96.00 {{.*}} 5 instructions merged: 0-4.170 ns, busy 100%
# CHECK-NEXT: slice x=96.00 {{.*}} 2 instructions merged: 0-1.668 ns, busy 100%
# CHECK-NEXT: slice {{.*}} #5 sp.nop wait(s0 >= 1) (1 cycles): 1603.336-1604.170 ns
# CHECK-NEXT: well-formed
# TEXT: >two cores</text>
# TEXT: >trn2, 2 cores: 8 instructions, 0 DMA transfers, 1604.170 ns</text>
# TEXT: font-weight="bold">chip 0 core 0</text>
# TEXT: font-weight="bold">chip 0 core 1</text>
#
# A deadlock across cores: the picture is written, the fault marked on the
# core that waits (core 0 waits for two updates; core 1 sends one).
# RUN: not trn-emu %S/Inputs/deadlock2.s --cores 2 --timeline-svg %t/d.svg 2> /dev/null
# RUN: %python %S/../trn-emu/Inputs/svg-check.py %t/d.svg | FileCheck %s --check-prefix=DEAD
# RUN: FileCheck %s --check-prefix=DEAD-TEXT < %t/d.svg
# DEAD: fault error: deadlock at {{[0-9]+}} ns: every engine of the 2 cores
# DEAD-TEXT: trn2, 2 cores: {{[0-9]+}} instructions, 0 DMA transfers, {{[0-9.]+}} ns, deadlocked</text>

.chip trn2
.sem go
sp.core_id r1
sp.bne r1, r0, recv
sp.li r2, 1
sp.sem_signal_core go, 1, r2
sp.halt
recv:
sp.nop wait(go >= 1)
