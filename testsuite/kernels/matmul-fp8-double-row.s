# RUN: rm -rf %t && trn-kernel-ref matmul-fp8-double-row %t
# RUN: trn-emu --strict %s --in a=%t/a.npy --in b=%t/b.npy --out out=%t/out.npy \
# RUN:   --out out2=%t/out2.npy --out out3=%t/out3.npy --check out=%t/ref.npy \
# RUN:   --check out2=%t/ref_out2.npy --check out3=%t/ref_out3.npy --rtol 0 --atol 0 2>&1 \
# RUN:   | FileCheck %s --implicit-check-not=warning --implicit-check-not=MISMATCH
# RUN: cmp %t/out.npy %t/ref.npy
# RUN: cmp %t/out2.npy %t/ref_out2.npy
# RUN: cmp %t/out3.npy %t/ref_out3.npy
# CHECK: check out: ok, 65536 elements within rtol=0 atol=0 (max abs error 0, max rel error 0)
# CHECK: check out2: ok, 65536 elements within rtol=0 atol=0 (max abs error 0, max rel error 0)
# CHECK: check out3: ok, 65536 elements within rtol=0 atol=0 (max abs error 0, max rel error 0)
#
# fp8 matmuls in perf=double_row (trn2 and later): the contraction runs over
# K = 2 x the partitions, laid out [P, 2, .], element [p, j, .] being row
# k = 2p + j of the [K, .] operand, summed in increasing k. So partition p
# of a double-row tile holds rows 2p and 2p + 1 of the K-pair: 2 x 128
# contiguous bytes of a, 2 x 512 of b, one transfer per K-pair. a is
# fp8_e4m3 and b fp8_e5m2 (the inputs may differ).
#
#   out  = a[0:512]^T . b[0:512]  two double-row matmuls, K-pairs 0 and 1,
#                                 the second accumulating in PSUM
#   out2 = a[0:256]^T . b[0:256]  load_stationary + multiply_moving
#   out3 = a[0:128]^T . b[0:128]  a [64, 2, 128] stationary on rows 0-63
#                                 of the array (tile_rows=64)
#
# trn-kernel-ref checks that summing in the other natural order (every
# j = 0 before every j = 1) gives other bits, so the test pins the order.

.chip trn2
.const M = 128
.const N = 512

.tensor a    : fp8_e4m3[512, M] input
.tensor b    : fp8_e5m2[512, N] input
.tensor out  : fp32[M, N] output
.tensor out2 : fp32[M, N] output
.tensor out3 : fp32[M, N] output

.sbuf a_t : fp8_e4m3[128, 2, 2, M]   # [p, K-pair, j, m] = a[256 pair + 2p + j, m]
.sbuf b_t : fp8_e5m2[128, 2, 2, N]
.sbuf o_t : fp32[M, 3, N]
.psum acc  : fp32[M, N]
.psum acc2 : fp32[M, N]
.psum acc3 : fp32[M, N]

.sem a_ld   # +16 per K-pair of a in SBUF
.sem b_ld   # +16 per K-pair of b in SBUF
.sem mm     # +1 per result complete
.sem copied # +1 per result in SBUF

# SP: K-pair t of a is rows 256 t .. 256 t + 255: partition p takes rows
# 256 t + 2p and 256 t + 2p + 1, 2 M contiguous elements (a row step of 2 M).
    sp.dma_copy a_t[:, 0], ap(hbm fp8_e4m3, [2 * M, 128], addr(a), [1, 2 * M]), q0.0 signal(a_ld, 16)
    sp.dma_copy a_t[:, 1], ap(hbm fp8_e4m3, [2 * M, 128], addr(a) + 256 * M, [1, 2 * M]), q0.0 signal(a_ld, 16)
    sp.dma_copy b_t[:, 0], ap(hbm fp8_e5m2, [2 * N, 128], addr(b), [1, 2 * N]), q1.0 signal(b_ld, 16)
    sp.dma_copy b_t[:, 1], ap(hbm fp8_e5m2, [2 * N, 128], addr(b) + 256 * N, [1, 2 * N]), q1.0 signal(b_ld, 16)
    sp.dma_copy out, o_t[:, 0], q2.0 wait(copied >= 3)
    sp.dma_copy out2, o_t[:, 1], q2.1
    sp.dma_copy out3, o_t[:, 2], q2.2

# PE: the stationary [128, 2, M] and the moving [128, 2, N] of each K-pair.
    pe.matmul acc, a_t[:, 0], b_t[:, 0], perf=double_row wait(a_ld >= 32, b_ld >= 32)
    pe.matmul acc, a_t[:, 1], b_t[:, 1], acc=accumulate, perf=double_row signal(mm)
    pe.load_stationary a_t[:, 0], perf=double_row
    pe.multiply_moving acc2, b_t[:, 0], perf=double_row signal(mm)
    pe.matmul acc3, a_t[0:64, 0], b_t[0:64, 0], perf=double_row, tile_rows=64 signal(mm)

# DVE: the three results out of PSUM.
    dve.tensor_copy o_t[:, 0], acc wait(mm >= 1) signal(copied)
    dve.tensor_copy o_t[:, 1], acc2 wait(mm >= 2) signal(copied)
    dve.tensor_copy o_t[:, 2], acc3 wait(mm >= 3) signal(copied)
