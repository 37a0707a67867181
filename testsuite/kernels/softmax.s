# RUN: rm -rf %t && trn-kernel-ref softmax %t
# RUN: trn-emu --strict %s --in x=%t/x.npy --out out=%t/out.npy --out sums=%t/sums.npy \
# RUN:   --check out=%t/ref.npy --check sums=%t/ref_sums.npy --rtol 0 --atol 0 2>&1 \
# RUN:   | FileCheck %s --implicit-check-not=warning --implicit-check-not=MISMATCH
# RUN: cmp %t/out.npy %t/ref.npy
# RUN: cmp %t/sums.npy %t/ref_sums.npy
# CHECK: check out: ok, 32768 elements within rtol=0 atol=0 (max abs error 0, max rel error 0)
# CHECK: check sums: ok, 128 elements within rtol=0 atol=0 (max abs error 0, max rel error 0)
#
# Row softmax of x [128, 256] fp32, Vector and Scalar engines in turn:
#   mx = max over the row            (DVE tensor_reduce maximum)
#   xs = x - mx                      (DVE tensor_scalar subtract, [P, 1] operand)
#   e  = exp(xs), s = sum of e       (ACT activation exp with accum)
#   r  = 1 / s                       (DVE reciprocal, correctly rounded)
#   out = e * r                      (DVE tensor_scalar multiply)
# exp is the fp32 math library's expf in the ISA and in the reference, so
# the result is bit-exact. Each hand-over between DVE and ACT goes through a
# semaphore; consecutive instructions on one engine are ordered by its
# stream. sums (s) is an output too, to check the accumulator on its own.

.chip trn2
.const P = 128
.const N = 256

.tensor x    : fp32[P, N] input
.tensor out  : fp32[P, N] output
.tensor sums : fp32[P, 1] output

.sbuf x_t  : fp32[P, N]
.sbuf mx_t : fp32[P, 1]
.sbuf xs_t : fp32[P, N]
.sbuf e_t  : fp32[P, N]
.sbuf s_t  : fp32[P, 1]
.sbuf r_t  : fp32[P, 1]
.sbuf y_t  : fp32[P, N]

.sem loaded  # +16 when x is in SBUF
.sem shifted # DVE -> ACT: xs is ready
.sem exped   # ACT -> DVE and SP: e and s are ready
.sem normed  # DVE -> SP: out is ready

    sp.dma_copy x_t, x, q0.0 signal(loaded, 16)
    dve.tensor_reduce mx_t, x_t, maximum wait(loaded >= 16)
    dve.tensor_scalar xs_t, x_t, subtract, mx_t signal(shifted)
    activation e_t, xs_t, exp, accum=s_t wait(shifted >= 1) signal(exped)
    dve.reciprocal r_t, s_t wait(exped >= 1)
    dve.tensor_scalar y_t, e_t, multiply, r_t signal(normed)
    sp.dma_copy sums, s_t, q1.0 wait(exped >= 1)
    sp.dma_copy out, y_t, q2.0 wait(normed >= 1)
