# Outputs other than dst are writes too (isa: Outputs): ACT's activation
# writes its accum sum, which DVE reads with no wait.
# RUN: not trn-emu --chip trn1 %s 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn2 %s 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn3 %s 2>&1 | FileCheck %s

.sbuf x : fp32[128, 256]
.sbuf y : fp32[128, 256]
.sbuf sum : fp32[128, 1]
.sbuf z : fp32[128, 1]
.sem filled
.sem summed

    dve.memset x, 1.0 signal(filled)
    act.activation y, x, exp, accum=sum wait(filled >= 1) signal(summed)
    dve.tensor_copy z, sum

# CHECK: {{.*}}secondary-output.s:16:5: error: race (read-after-write) on SBUF partitions 0..127, bytes 2048..2051 (allocation 'sum'): DVE instruction 1 (tensor_copy) reads operand 'src', and ACT instruction 0 (activation) writes operand 'accum'; no semaphore orders the write before the read
# CHECK: {{.*}}secondary-output.s:15:5: note: the other access: ACT instruction 0 (activation)
# CHECK: {{.*}}secondary-output.s:15:5: note: hint: ACT instruction 0 ({{.*}}secondary-output.s:15:5) signals summed when it completes: give DVE instruction 1 ({{.*}}secondary-output.s:16:5) wait(summed >= 1)
