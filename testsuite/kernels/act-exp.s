# RUN: rm -rf %t && trn-kernel-ref act-exp %t
# RUN: trn-emu --strict %s --in x=%t/x.npy --in b=%t/b.npy \
# RUN:   --out out=%t/out.npy --out sums=%t/sums.npy \
# RUN:   --check out=%t/ref.npy --check sums=%t/ref_sums.npy --rtol 0 --atol 0 2>&1 \
# RUN:   | FileCheck %s --implicit-check-not=warning --implicit-check-not=MISMATCH
# RUN: cmp %t/out.npy %t/ref.npy
# RUN: cmp %t/sums.npy %t/ref_sums.npy
# CHECK: check out: ok, 65536 elements within rtol=0 atol=0 (max abs error 0, max rel error 0)
# CHECK: check sums: ok, 128 elements within rtol=0 atol=0 (max abs error 0, max rel error 0)
#
# ScalarE: out = exp(x * 0.5 + b) with a per-partition bias b [128, 1],
# fp32 in, bf16 out, and the activation's add-reduce accumulator: sums[p] =
# the fp32 sum of row p's exp values (before they are rounded to bf16).
# The ISA computes x * scale and + bias as two fp32 roundings and exp as the
# fp32 math library's expf, which the reference also calls: bit-exact.
#
#   SP:  DMA x and b into SBUF (+16 each)
#   ACT: activation once both have landed; then ACT itself triggers the two
#        output DMAs: its stream is in order and the activation has
#        committed before the next instruction issues, so no semaphore is
#        needed between them (the dependency is within one engine).

.chip trn2
.const P = 128
.const N = 512

.tensor x    : fp32[P, N] input
.tensor b    : fp32[P, 1] input
.tensor out  : bf16[P, N] output
.tensor sums : fp32[P, 1] output

.sbuf x_t : fp32[P, N]
.sbuf b_t : fp32[P, 1]
.sbuf y_t : bf16[P, N]
.sbuf s_t : fp32[P, 1]

.sem loaded # +16 per DMA into SBUF

    sp.dma_copy x_t, x, q0.0 signal(loaded, 16)
    sp.dma_copy b_t, b, q1.0 signal(loaded, 16)
    activation y_t, x_t, exp, scale=0.5, bias=b_t, accum=s_t wait(loaded >= 32)
    act.dma_copy out, y_t, q2.0
    act.dma_copy sums, s_t, q3.0
