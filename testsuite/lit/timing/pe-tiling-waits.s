# RUN: trn-emu --chip trn2 --no-throttle --trace-text %s 2>/dev/null | grep -E ' (PE|DVE) ' | FileCheck %s
#
# A tiled TensorE instruction that starts beside the previous one
# (pe-tiling.s) still starts no earlier than its semaphores, and those PE's
# control instructions wait on, last changed: until then it could not have
# issued (docs/timing-model.md, section 6).
#
# DVE: two memsets of 100 fp32 elements (100 cycles at 0.96 GHz = 104.167
# ns each), each signalling s; a DVE signal arrives DVE_DEPENDENT = 100
# cycles (104.167 ns) after its instruction ends: s = 1 at 208.334, s = 2 at
# 312.501.
# PE (2.4 GHz): a column tile of 64 first, 16 (its weight load, M = 64) +
# 512 = 528 cycles, 0 to 220.000. The other column tile waits for s >= 1: it
# issues at 220.000 with s = 1 since 208.334, so it starts then, beside the
# first, and ends at 208.334 + 213.334 = 421.668. A sem_wait for s >= 2 (1
# cycle, 421.668 to 422.085); the first tile again: its blocks are free at
# 220.000 and 208.334 + 0.417 is the in-order bound, but the sem_wait's s
# last changed at 312.501: 312.501 + 213.334 = 525.835.

.sbuf w : bf16[128, 128]
.sbuf v : bf16[128, 512]
.sbuf h : fp32[128, 256]
.psum p : fp32[128, 512]
.sem s

    dve.memset h[:, 0:100], 0.0 signal(s)
    dve.memset h[:, 100:200], 0.0 signal(s)
    pe.matmul p[0:64], w[:, 0:64], v, tile_cols=64
    pe.matmul p[64:128], w[:, 64:128], v, tile_col=64, tile_cols=64 wait(s >= 1)
    pe.sem_wait s, ge, 2
    pe.matmul p[0:64], w[:, 0:64], v, tile_cols=64
# CHECK:      0.000 104.167 DVE 100 dve.memset
# CHECK-NEXT: 104.167 208.334 DVE 100 dve.memset
# CHECK-NEXT: 0.000 220.000 PE 528 pe.matmul
# CHECK-NEXT: 220.000 421.668 PE 512 pe.matmul
# CHECK-NEXT: 421.668 422.085 PE 1 pe.sem_wait
# CHECK-NEXT: 422.085 525.835 PE 512 pe.matmul
