# Write-after-read in PSUM: PE starts the next group in the bank that ACT is
# still evacuating (the second matmul waits for nothing).
# RUN: not trn-emu --chip trn1 %s --random-inputs 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn2 %s --random-inputs 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn3 %s --random-inputs 2>&1 | FileCheck %s

.tensor a : bf16[128, 128] input
.tensor b : bf16[128, 512] input
.sbuf a_s : bf16[128, 128]
.sbuf b_s : bf16[128, 512]
.psum c_p : fp32[128, 512]
.sbuf c_s : fp32[128, 2, 512]
.sem loaded
.sem multiplied
.sem evacuated

    sp.dma_copy a_s, a, q0.0 signal(loaded)
    sp.dma_copy b_s, b, q1.0 signal(loaded)
    pe.matmul c_p, a_s, b_s wait(loaded >= 2) signal(multiplied)
    pe.matmul c_p, a_s, b_s signal(multiplied)
    act.tensor_copy c_s[:, 0, :], c_p wait(multiplied >= 1) signal(evacuated)
    act.tensor_copy c_s[:, 1, :], c_p wait(multiplied >= 2)

# CHECK: {{.*}}psum-bank-reuse.s:20:5: error: race (write-after-read) on PSUM partitions 0..127, bytes 0..2047 (allocation 'c_p'): PE instruction 1 (matmul) writes operand 'dst', and ACT instruction 0 (tensor_copy) reads operand 'src'; no semaphore orders the read before the write
# CHECK: {{.*}}psum-bank-reuse.s:21:5: note: the other access: ACT instruction 0 (tensor_copy)
# CHECK: {{.*}}psum-bank-reuse.s:21:5: note: hint: ACT instruction 0 ({{.*}}psum-bank-reuse.s:21:5) signals evacuated when it completes: give PE instruction 1 ({{.*}}psum-bank-reuse.s:20:5) wait(evacuated >= 1)
