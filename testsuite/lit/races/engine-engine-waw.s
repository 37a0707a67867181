# Engine to engine, write-after-write: DVE and GpSimd both write the same
# columns of one tile.
# RUN: not trn-emu --chip trn1 %s 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn2 %s 2>&1 | FileCheck %s
# RUN: not trn-emu --chip trn3 %s 2>&1 | FileCheck %s

.sbuf x : fp32[128, 256]

    dve.memset x[:, 0:128], 1.0
    pool.memset x[:, 64:256], 2.0

# CHECK: {{.*}}engine-engine-waw.s:10:5: error: race (write-after-write) on SBUF partitions 0..127, bytes 256..511 (allocation 'x'): POOL instruction 0 (memset) writes operand 'dst', and DVE instruction 0 (memset) writes operand 'dst'; no semaphore orders the write before the write
# CHECK: {{.*}}engine-engine-waw.s:9:5: note: the other access: DVE instruction 0 (memset)
# CHECK: {{.*}}engine-engine-waw.s:9:5: note: hint: nothing after DVE instruction 0 (memset) ({{.*}}engine-engine-waw.s:9:5) signals a semaphore: give it a signal(...) and POOL instruction 0 ({{.*}}engine-engine-waw.s:10:5) a wait on it
