# RUN: rm -rf %t && trn-kernel-ref dma-cast %t
# RUN: trn-emu --strict %s --in x=%t/x.npy --out out=%t/out.npy \
# RUN:   --check out=%t/ref.npy --rtol 0 --atol 0 2>&1 \
# RUN:   | FileCheck %s --implicit-check-not=warning --implicit-check-not=MISMATCH
# RUN: cmp %t/out.npy %t/ref.npy
# CHECK: check out: ok, 65536 elements within rtol=0 atol=0 (max abs error 0, max rel error 0)
#
# DMA only, with a dtype cast each way and strided patterns:
#   1. x fp32[128, 4, 8, 16] (HBM) -> t bf16 (SBUF), t[p, c, b, a] =
#      bf16(x[p, a, b, c]): a 4-D read of x (c split as 4 x 4, then b, then
#      a innermost); the cast rounds to nearest even.
#   2. t -> out fp32[128, 4, 16, 8] (HBM), out[127 - p, a, c, b] =
#      fp32(t[p, c, b, a]): a 3-D read of t, and the rows of out written
#      backwards (a negative row step).
# So out[127 - p, a, c, b] = bf16(x[p, a, b, c]) widened back to fp32. The
# inputs include ties, values that round to inf, subnormals, signed zeros,
# infinities and NaNs; `cmp` checks the bits (--check cannot tell -0 from
# +0 or one NaN from another).

.chip trn2
.tensor x   : fp32[128, 4, 8, 16] input
.tensor out : fp32[128, 4, 16, 8] output
.sbuf t     : bf16[128, 16, 8, 4]  # t[p, c, b, a]

.sem cast   # +16 when t holds x in bf16

    # x[p, a, b, c] is element 512 p + 128 a + 16 b + c; c = 4 c1 + c0.
    sp.dma_copy t, ap(hbm fp32, [512, 128], addr(x), [4, 4], [1, 4], [16, 8], [128, 4]), q0.0 signal(cast, 16)
    # t[p, c, b, a] is element 32 c + 4 b + a of partition p; read it in
    # (a, c, b) order into row 127 - p of out.
    sp.dma_copy ap(hbm fp32, [-512, 128], addr(out) + 127 * 512 * 4, [1, 512]), ap(sbuf bf16, 0:128, addr(t), [1, 4], [32, 16], [4, 8]), q1.0 wait(cast >= 16)
