# RUN: rm -rf %t && trn-kernel-ref gpsimd-mask %t
# RUN: trn-emu --strict %s --in v=%t/v.npy --out out=%t/out.npy \
# RUN:   --check out=%t/ref.npy --rtol 0 --atol 0 2>&1 \
# RUN:   | FileCheck %s --implicit-check-not=warning --implicit-check-not=MISMATCH
# RUN: cmp %t/out.npy %t/ref.npy
# CHECK: check out: ok, 16384 elements within rtol=0 atol=0 (max abs error 0, max rel error 0)
#
# GpSimd on [128 x 128] fp32:
#   io[p, a, c] = 5 + 7 p + 100 a - 3 c   iota over [128, 8, 16] (column j = 16 a + c)
#   bc[p, j]    = v[0, j]                 partition_broadcast of one row
#   s           = bc + io                 tensor_tensor add on GpSimd
#   out[p, j]   = s[p, j] if p - j >= 0   affine_select: the causal mask
#                 else -inf               (base 0, partition_mult 1, steps [-1])
# v holds values of many magnitudes, so the fp32 additions round. The iota
# and the broadcast run on the same engine as the add, in stream order; only
# the DMAs in and out need semaphores.

.chip trn2
.const P = 128
.const N = 128

.tensor v   : fp32[1, N] input
.tensor out : fp32[P, N] output

.sbuf v_t  : fp32[1, N]
.sbuf io_t : fp32[P, 8, 16]
.sbuf bc_t : fp32[P, N]
.sbuf s_t  : fp32[P, N]
.sbuf m_t  : fp32[P, N]

.sem loaded # +16 when v is in SBUF
.sem masked # POOL -> SP: out is ready

    sp.dma_copy v_t, v, q0.0 signal(loaded, 16)
    iota io_t, 5, [100, -3], partition_mult=7
    partition_broadcast bc_t, v_t wait(loaded >= 16)
    pool.tensor_tensor s_t, bc_t, io_t, add
    affine_select m_t, s_t, greater_equal, 0, [-1], -inf, partition_mult=1 signal(masked)
    sp.dma_copy out, m_t, q1.0 wait(masked >= 1)
