# One Chrome trace of a run on several cores: a process per core, "chip C
# core L", sorted by core, each with its engines and DMA queues as on one
# core; an arrow for every update one core sent another, from the sending
# instruction (or transfer) on its core to the instruction it released on
# the other.
# RUN: rm -rf %t && mkdir %t
# RUN: trn-emu %s --cores 4 --random-inputs --trace %t/a.json > %t/run.txt
# RUN: %python %S/Inputs/trace-cores.py %t/a.json | FileCheck %s
# The slice released by another core names it, as the report does:
# RUN: FileCheck %s --check-prefix=WAITED < %t/a.json
# WAITED: "waited_on":"s1 (got), released by core 3's SP #{{[0-9]+}}"
# WAITED: "waited_on":"s4 (go), released by core 0's SP #{{[0-9]+}}"
#
# The same run again gives the same bytes:
# RUN: trn-emu %s --cores 4 --random-inputs --trace %t/b.json
# RUN: cmp %t/a.json %t/b.json
#
# The run prints what it prints without a trace; '--trace -' writes the
# trace to standard output, and the run line to standard error.
# RUN: FileCheck %s --check-prefix=RUN-LINE < %t/run.txt
# RUN-LINE: ran 50 instructions in 8.246 us (19790 cycles at the PE clock) on 4 cores of trn2 (9 updates between cores)
# RUN: trn-emu %s --cores 4 --random-inputs --trace - 2> %t/err.txt > %t/c.json
# RUN: cmp %t/a.json %t/c.json
# RUN: FileCheck %s --check-prefix=RUN-LINE < %t/err.txt
#
# The ring: core k sends its x to core k + 1 (mod 4) with dma_copy_core, an
# arrow from the transfer on q0.1 of core k to the dma_copy that waits for
# it on core k + 1. Then cores 0 and 1, and 2 and 3, meet at core_barrier:
# an arrow from each barrier to its peer's. Then core 0 signals core 1 with
# sem_signal_core: an arrow from SP of core 0 to the nop that waits on core 1.
#
# CHECK:      process 1: chip 0 core 0 sort=0
# CHECK-NEXT:   thread 0: PE (Tensor) sort=0
# CHECK:        thread 4: SP (Sync) sort=4
# CHECK-NEXT:   thread 100: DMA q0.0 sort=-
# CHECK-NEXT:   thread 101: DMA q0.1 sort=-
# CHECK-NEXT:   thread 102: DMA q0.2 sort=-
# CHECK-NEXT:   slices 15
# CHECK-NEXT: process 2: chip 0 core 1 sort=1
# CHECK:      process 3: chip 0 core 2 sort=2
# CHECK:      process 4: chip 0 core 3 sort=3
# CHECK:        slices 16
# CHECK-DAG:  flow 4/DMA q0.1@{{[0-9.]+}} -> 1/SP dma_copy@{{[0-9.]+}}
# CHECK-DAG:  flow 1/DMA q0.1@{{[0-9.]+}} -> 2/SP dma_copy@{{[0-9.]+}}
# CHECK-DAG:  flow 2/DMA q0.1@{{[0-9.]+}} -> 3/SP dma_copy@{{[0-9.]+}}
# CHECK-DAG:  flow 3/DMA q0.1@{{[0-9.]+}} -> 4/SP dma_copy@{{[0-9.]+}}
# CHECK-DAG:  flow 2/SP@{{[0-9.]+}} -> 1/SP core_barrier@{{[0-9.]+}}
# CHECK-DAG:  flow 1/SP@{{[0-9.]+}} -> 2/SP core_barrier@{{[0-9.]+}}
# CHECK-DAG:  flow 4/SP@{{[0-9.]+}} -> 3/SP core_barrier@{{[0-9.]+}}
# CHECK-DAG:  flow 3/SP@{{[0-9.]+}} -> 4/SP core_barrier@{{[0-9.]+}}
# CHECK-DAG:  flow 1/SP@{{[0-9.]+}} -> 2/SP nop@{{[0-9.]+}}
# CHECK:      local flows {{[0-9]+}}

.chip trn2
.tensor x : fp32[2, 8] input
.tensor y : fp32[2, 8] output
.sbuf xs : fp32[2, 8]
.sbuf recv : fp32[2, 8]
.sem loaded
.sem got
.sem done
.sem bar
.sem go
sp.core_id r1
sp.core_count r2
sp.addi r3, r1, 1
sp.blt r3, r2, send
sp.li r3, 0                  # the last core sends to core 0
send:
sp.dma_copy xs, x, q0.0 signal(loaded)
sp.dma_copy_core recv, xs, r3, q0.1, got wait(loaded >= 1)
sp.dma_copy y, recv, q0.2 wait(got >= 1) signal(done)
sp.core_barrier bar wait(done >= 1)
sp.li r4, 1
sp.bne r1, r0, other
sp.sem_signal_core go, 1, r4
sp.halt
other:
sp.bne r1, r4, last
sp.nop wait(go >= 1)
last:
sp.nop
