# DMA to DMA through HBM: one queue spills a tile to a scratch tensor,
# another reads it back with no semaphore between the transfers.
# RUN: not trn-emu --chip trn1 %s --random-inputs 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn2 %s --random-inputs 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn3 %s --random-inputs 2>&1 | FileCheck %s

.tensor x : fp32[128, 64] input
.tensor spill : fp32[128, 64] scratch
.sbuf a : fp32[128, 64]
.sbuf b : fp32[128, 64]
.sem in
.sem out

    sp.dma_copy a, x, q0.0 signal(in)
    sp.dma_copy spill, a, q0.1 wait(in >= 1) signal(out)
    sp.dma_copy b, spill, q1.0

# CHECK: {{.*}}dma-dma-hbm.s:16:5: error: race (read-after-write) on HBM bytes 0x8000..0xFFFF (tensor 'spill', elements 0..8191): the transfer of SP instruction 2 (dma_copy) on queue q1.0 reads operand 'src', and the transfer of SP instruction 1 (dma_copy) on queue q0.1 writes operand 'dst'; no semaphore orders the write before the read
# CHECK: {{.*}}dma-dma-hbm.s:15:5: note: the other access: the transfer of SP instruction 1 (dma_copy) on queue q0.1
# CHECK: {{.*}}dma-dma-hbm.s:15:5: note: hint: the transfer signals out when it completes: give SP instruction 2 (the trigger) ({{.*}}dma-dma-hbm.s:16:5) wait(out >= 1)
