# Engine to DMA: a store is triggered before the engine has written its
# source (the trigger waits for nothing).
# RUN: not trn-emu --chip trn1 %s 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn2 %s 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn3 %s 2>&1 | FileCheck %s

.tensor out : fp32[128, 256] output
.sbuf y : fp32[128, 256]
.sem done

    dve.memset y, 3.0 signal(done)
    sp.dma_copy out, y, q0.0

# CHECK: {{.*}}engine-dma-store.s:12:5: error: race (read-after-write) on SBUF partitions 0..127, bytes 0..1023 (allocation 'y'): the transfer of SP instruction 0 (dma_copy) on queue q0.0 reads operand 'src', and DVE instruction 0 (memset) writes operand 'dst'; no semaphore orders the write before the read
# CHECK: {{.*}}engine-dma-store.s:11:5: note: the other access: DVE instruction 0 (memset)
# CHECK: {{.*}}engine-dma-store.s:11:5: note: hint: DVE instruction 0 ({{.*}}engine-dma-store.s:11:5) signals done when it completes: give SP instruction 0 (the trigger) ({{.*}}engine-dma-store.s:12:5) wait(done >= 1)
