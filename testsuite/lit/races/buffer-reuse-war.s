# Write-after-read on a reused buffer: the second load into the buffer (on
# the same queue, so after the first) waits for the first matmul at the wrong
# count (>= 0), so it may land while the matmul still reads the buffer.
# RUN: not trn-emu --chip trn1 %s --random-inputs 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn2 %s --random-inputs 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn3 %s --random-inputs 2>&1 | FileCheck %s

.tensor a : bf16[128, 128] input
.tensor b : bf16[2, 128, 512] input
.sbuf a_s : bf16[128, 128]
.sbuf b_s : bf16[128, 512]
.psum c_p : fp32[128, 2, 512]
.sem wready
.sem loaded
.sem consumed

    sp.dma_copy a_s, a, q0.0 signal(wready)
    sp.dma_copy b_s, b[0], q1.0 signal(loaded)
    sp.dma_copy b_s, b[1], q1.0 wait(consumed >= 0) signal(loaded)
    pe.matmul c_p[:, 0, :], a_s, b_s wait(wready >= 1) wait(loaded >= 1) signal(consumed)
    pe.matmul c_p[:, 1, :], a_s, b_s wait(loaded >= 2)

# CHECK: {{.*}}buffer-reuse-war.s:19:5: error: race (write-after-read) on SBUF partitions 0..127, bytes 256..1279 (allocation 'b_s'): the transfer of SP instruction 2 (dma_copy) on queue q1.0 writes operand 'dst', and PE instruction 0 (matmul) reads operand 'moving'; no semaphore orders the read before the write
# CHECK: {{.*}}buffer-reuse-war.s:20:5: note: the other access: PE instruction 0 (matmul)
# CHECK: {{.*}}buffer-reuse-war.s:20:5: note: hint: PE instruction 0 ({{.*}}buffer-reuse-war.s:20:5) signals consumed when it completes: give SP instruction 2 (the trigger) ({{.*}}buffer-reuse-war.s:19:5) wait(consumed >= 1)
