# Engine to engine, read-after-write: ACT reads what DVE writes, with no
# semaphore between them.
# RUN: not trn-emu --chip trn1 %s 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn2 %s 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn3 %s 2>&1 | FileCheck %s

.sbuf x : fp32[128, 256]
.sbuf y : fp32[128, 256]
.sem filled

    dve.memset x, 1.0 signal(filled)
    act.activation y, x, exp

# CHECK: {{.*}}engine-engine-raw.s:12:5: error: race (read-after-write) on SBUF partitions 0..127, bytes 0..1023 (allocation 'x'): ACT instruction 0 (activation) reads operand 'src', and DVE instruction 0 (memset) writes operand 'dst'; no semaphore orders the write before the read
# CHECK: {{.*}}engine-engine-raw.s:11:5: note: the other access: DVE instruction 0 (memset)
# CHECK: {{.*}}engine-engine-raw.s:11:5: note: hint: DVE instruction 0 ({{.*}}engine-engine-raw.s:11:5) signals filled when it completes: give ACT instruction 0 ({{.*}}engine-engine-raw.s:12:5) wait(filled >= 1)
