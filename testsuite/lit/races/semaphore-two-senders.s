# A count fed by two queues says nothing about which transfer landed: the
# matmul on buffer 0 waits for one signal, which may be queue 1's (the load
# of buffer 1) as well as queue 0's (docs/races.md). Queue 1's transfer lands
# first on no chip here; the verdict does not depend on it.
# RUN: not trn-emu --chip trn1 %s --random-inputs 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn2 %s --random-inputs 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn3 %s --random-inputs 2>&1 | FileCheck %s

.tensor w : bf16[128, 128] input
.tensor x : bf16[3, 128, 512] input
.sbuf w_s : bf16[128, 128]
.sbuf x_s : bf16[128, 3, 512]
.psum c_p : fp32[128, 3, 512]
.sem wready
.sem loaded

    sp.dma_copy w_s, w, q15.0 signal(wready)
    sp.dma_copy x_s[:, 0, :], x[0], q0.0 signal(loaded)
    sp.dma_copy x_s[:, 2, :], x[2], q0.0 signal(loaded)
    sp.dma_copy x_s[:, 1, :], x[1], q1.0 signal(loaded)
    pe.nop wait(wready >= 1)
    pe.matmul c_p[:, 0, :], w_s, x_s[:, 0, :] wait(loaded >= 1)
    pe.matmul c_p[:, 1, :], w_s, x_s[:, 1, :] wait(loaded >= 2)
    pe.matmul c_p[:, 2, :], w_s, x_s[:, 2, :] wait(loaded >= 3)

# CHECK: {{.*}}semaphore-two-senders.s:22:5: error: race (read-after-write) on SBUF partitions 0..127, bytes 256..1279 (allocation 'x_s'): PE instruction 1 (matmul) reads operand 'moving', and the transfer of SP instruction 1 (dma_copy) on queue q0.0 writes operand 'dst'; no semaphore orders the write before the read
# CHECK: {{.*}}semaphore-two-senders.s:18:5: note: the other access: the transfer of SP instruction 1 (dma_copy) on queue q0.0
# CHECK: {{.*}}semaphore-two-senders.s:18:5: note: hint: the transfer signals loaded when it completes: give PE instruction 1 ({{.*}}semaphore-two-senders.s:22:5) a semaphore of its own: loaded is also signalled elsewhere, and signals from different engines and queues arrive in any order
