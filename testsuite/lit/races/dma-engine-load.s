# DMA to engine: the matmul waits for one of its two loads only.
# RUN: not trn-emu --chip trn1 %s --random-inputs 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn2 %s --random-inputs 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn3 %s --random-inputs 2>&1 | FileCheck %s

.tensor a : bf16[128, 128] input
.tensor b : bf16[128, 512] input
.sbuf a_s : bf16[128, 128]
.sbuf b_s : bf16[128, 512]
.psum c_p : fp32[128, 512]
.sem loaded

    sp.dma_copy a_s, a, q0.0 signal(loaded)
    sp.dma_copy b_s, b, q1.0 signal(loaded)
    pe.matmul c_p, a_s, b_s wait(loaded >= 1)

# CHECK: {{.*}}dma-engine-load.s:15:5: error: race (read-after-write) on SBUF partitions 0..127, bytes 0..255 (allocation 'a_s'): PE instruction 0 (matmul) reads operand 'stationary', and the transfer of SP instruction 0 (dma_copy) on queue q0.0 writes operand 'dst'; no semaphore orders the write before the read
# CHECK: {{.*}}dma-engine-load.s:13:5: note: the other access: the transfer of SP instruction 0 (dma_copy) on queue q0.0
# CHECK: {{.*}}dma-engine-load.s:13:5: note: hint: the transfer signals loaded when it completes: give PE instruction 0 ({{.*}}dma-engine-load.s:15:5) a semaphore of its own: loaded is also signalled elsewhere, and signals from different engines and queues arrive in any order
