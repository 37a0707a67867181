# A loop whose trigger's register offset walks into a region an engine is
# still writing: the third iteration's store reads columns DVE writes
# without a wait.
# RUN: not trn-emu --chip trn1 %s 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn2 %s 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn3 %s 2>&1 | FileCheck %s

.tensor out : fp32[128, 512] output
.sbuf y : fp32[128, 512]
.sem ready

    dve.memset y[:, 0:256], 1.0 signal(ready)
    dve.memset y[:, 256:512], 2.0
    sp.li r1, 0
    sp.li r2, 0
    sp.li r3, 4
loop:
    sp.dma_copy out[:, 0:128] + r1, y[:, 0:128] + r1, q0.0 wait(ready >= 1)
    sp.addi r1, r1, 128
    sp.addi r2, r2, 1
    sp.blt r2, r3, loop

# CHECK: {{.*}}register-offset.s:18:5: error: race (read-after-write) on SBUF partitions 0..127, bytes 1024..1535 (allocation 'y'): the transfer of SP instruction 3 (dma_copy) on queue q0.0 reads operand 'src', and DVE instruction 1 (memset) writes operand 'dst'; no semaphore orders the write before the read
# CHECK: {{.*}}register-offset.s:13:5: note: the other access: DVE instruction 1 (memset)
# CHECK: {{.*}}register-offset.s:13:5: note: hint: nothing after DVE instruction 1 (memset) ({{.*}}register-offset.s:13:5) signals a semaphore: give it a signal(...) and SP instruction 3 (the trigger) ({{.*}}register-offset.s:18:5) a wait on it
