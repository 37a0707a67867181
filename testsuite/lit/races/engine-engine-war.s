# Engine to engine, write-after-read: DVE refills a buffer that ACT has
# read, without waiting for ACT to be done with it.
# RUN: not trn-emu --chip trn1 %s 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn2 %s 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn3 %s 2>&1 | FileCheck %s

.sbuf x : fp32[128, 256]
.sbuf y : fp32[128, 256]
.sem filled
.sem used

    dve.memset x, 1.0 signal(filled)
    act.activation y, x, exp wait(filled >= 1) signal(used)
    dve.memset x, 2.0

# CHECK: {{.*}}engine-engine-war.s:14:5: error: race (write-after-read) on SBUF partitions 0..127, bytes 0..1023 (allocation 'x'): DVE instruction 1 (memset) writes operand 'dst', and ACT instruction 0 (activation) reads operand 'src'; no semaphore orders the read before the write
# CHECK: {{.*}}engine-engine-war.s:13:5: note: the other access: ACT instruction 0 (activation)
# CHECK: {{.*}}engine-engine-war.s:13:5: note: hint: ACT instruction 0 ({{.*}}engine-engine-war.s:13:5) signals used when it completes: give DVE instruction 1 ({{.*}}engine-engine-war.s:14:5) wait(used >= 1)
