# Sequencers share memory too: SP loads a loop bound that ACT stores into
# SBUF, with no semaphore between them.
# RUN: not trn-emu --chip trn1 %s 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn2 %s 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn3 %s 2>&1 | FileCheck %s

.sbuf n : int32[1, 1]
.sem stored

    act.li r1, 7
    act.reg_store n, r1 signal(stored)
    sp.reg_load r2, n

# CHECK: {{.*}}reg-store-load.s:12:5: error: race (read-after-write) on SBUF partitions 0..0, bytes 0..3 (allocation 'n'): SP instruction 0 (reg_load) reads operand 'src', and ACT instruction 1 (reg_store) writes operand 'dst'; no semaphore orders the write before the read
# CHECK: {{.*}}reg-store-load.s:11:5: note: the other access: ACT instruction 1 (reg_store)
# CHECK: {{.*}}reg-store-load.s:11:5: note: hint: ACT instruction 1 ({{.*}}reg-store-load.s:11:5) signals stored when it completes: give SP instruction 0 ({{.*}}reg-store-load.s:12:5) wait(stored >= 1)
