# RUN: rm -rf %t && trn-kernel-ref matmul %t
# RUN: trn-emu --strict %s --in w=%t/w.npy --in x=%t/x.npy --out out=%t/out.npy \
# RUN:   --check out=%t/ref.npy --rtol 0 --atol 0 2>&1 \
# RUN:   | FileCheck %s --implicit-check-not=warning --implicit-check-not=MISMATCH
# RUN: cmp %t/out.npy %t/ref.npy
# CHECK: check out: ok, 65536 elements within rtol=0 atol=0 (max abs error 0, max rel error 0)
#
# One matmul: out[128, 512] = w[128, 128]^T . x[128, 512], bf16 in, fp32
# out. w is the stationary [K, M], x the moving [K, N]; the contraction runs
# over the 128 partitions. The fp32 result fills one 2 KiB PSUM bank
# (512 x 4 bytes per partition).
#
#   SP:  DMA w and x into SBUF on two queues (each completion adds 16)
#   PE:  matmul into PSUM once both have landed
#   DVE: copy PSUM -> SBUF once the matmul is done
#   SP:  DMA the result out once the copy is done

.chip trn2
.const K = 128
.const M = 128
.const N = 512

.tensor w   : bf16[K, M] input
.tensor x   : bf16[K, N] input
.tensor out : fp32[M, N] output

.sbuf w_t : bf16[K, M]
.sbuf x_t : bf16[K, N]
.sbuf o_t : fp32[M, N]
.psum acc : fp32[M, N]

.sem loaded     # +16 per DMA into SBUF
.sem multiplied # +1 when the matmul has written PSUM
.sem copied     # +1 when the result is in SBUF

    sp.dma_copy w_t, w, q0.0 signal(loaded, 16)
    sp.dma_copy x_t, x, q1.0 signal(loaded, 16)
    matmul acc, w_t, x_t, acc=overwrite wait(loaded >= 32) signal(multiplied)
    dve.tensor_copy o_t, acc wait(multiplied >= 1) signal(copied)
    sp.dma_copy out, o_t, q2.0 wait(copied >= 1)
