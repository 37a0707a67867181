# DMA to DMA in SBUF, write-after-write: two queues load overlapping rows.
# RUN: not trn-emu --chip trn1 %s --random-inputs 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn2 %s --random-inputs 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn3 %s --random-inputs 2>&1 | FileCheck %s

.tensor x : fp32[128, 64] input
.sbuf a : fp32[128, 64]

    sp.dma_copy a[0:96], x[0:96], q0.0
    act.dma_copy a[64:128], x[64:128], q1.0

# Which write is reported second follows the DMA model: both triggers end
# together, ACT's first in engine order, so its transfer takes the shared
# DMA engines (partitions 64..95) first and SP's completes last.
# CHECK: {{.*}}dma-dma-sbuf-waw.s:9:5: error: race (write-after-write) on SBUF partitions 64..95, bytes 0..255 (allocation 'a'): the transfer of SP instruction 0 (dma_copy) on queue q0.0 writes operand 'dst', and the transfer of ACT instruction 0 (dma_copy) on queue q1.0 writes operand 'dst'; no semaphore orders the write before the write
# CHECK: {{.*}}dma-dma-sbuf-waw.s:10:5: note: the other access: the transfer of ACT instruction 0 (dma_copy) on queue q1.0
# CHECK: {{.*}}dma-dma-sbuf-waw.s:10:5: note: hint: the transfer signals no semaphore: give the transfer of ACT instruction 0 (dma_copy) on queue q1.0 ({{.*}}dma-dma-sbuf-waw.s:10:5) a signal(...) and SP instruction 0 (the trigger) ({{.*}}dma-dma-sbuf-waw.s:9:5) a wait on it
