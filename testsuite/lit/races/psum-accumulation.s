# A PSUM accumulation group evacuated too early: ACT waits for the first
# matmul of the group, not the last one that adds into it.
# RUN: not trn-emu --chip trn1 %s --random-inputs 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn2 %s --random-inputs 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn3 %s --random-inputs 2>&1 | FileCheck %s

.tensor a : bf16[2, 128, 128] input
.tensor b : bf16[2, 128, 512] input
.sbuf a_s : bf16[128, 2, 128]
.sbuf b_s : bf16[128, 2, 512]
.psum c_p : fp32[128, 512]
.sbuf c_s : fp32[128, 512]
.sem loaded
.sem multiplied

    sp.dma_copy a_s[:, 0, :], a[0], q0.0 signal(loaded)
    sp.dma_copy a_s[:, 1, :], a[1], q1.0 signal(loaded)
    sp.dma_copy b_s[:, 0, :], b[0], q2.0 signal(loaded)
    sp.dma_copy b_s[:, 1, :], b[1], q3.0 signal(loaded)
    pe.matmul c_p, a_s[:, 0, :], b_s[:, 0, :] wait(loaded >= 4) signal(multiplied)
    pe.matmul c_p, a_s[:, 1, :], b_s[:, 1, :], acc=accumulate signal(multiplied)
    act.tensor_copy c_s, c_p wait(multiplied >= 1)

# CHECK: {{.*}}psum-accumulation.s:22:5: error: race (incomplete accumulation) on PSUM partitions 0..127, bytes 0..2047 (allocation 'c_p'): ACT instruction 0 (tensor_copy) reads operand 'src', and PE instruction 1 (matmul) writes operand 'dst'; no semaphore orders the write before the read
# CHECK: {{.*}}psum-accumulation.s:21:5: note: the other access: PE instruction 1 (matmul)
# CHECK: {{.*}}psum-accumulation.s:21:5: note: hint: PE instruction 1 ({{.*}}psum-accumulation.s:21:5) signals multiplied when it completes: give ACT instruction 0 ({{.*}}psum-accumulation.s:22:5) wait(multiplied >= 2)
