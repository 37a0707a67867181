# RUN: rm -rf %t && trn-kernel-ref matmul-tiled %t
# RUN: trn-emu --strict %s --in w=%t/w.npy --in x=%t/x.npy --out out=%t/out.npy \
# RUN:   --out out2=%t/out2.npy --out out3=%t/out3.npy --out out4=%t/out4.npy \
# RUN:   --check out=%t/ref.npy --check out2=%t/ref_out2.npy --check out3=%t/ref_out3.npy \
# RUN:   --check out4=%t/ref_out4.npy --rtol 0 --atol 0 2>&1 \
# RUN:   | FileCheck %s --implicit-check-not=warning --implicit-check-not=MISMATCH
# RUN: cmp %t/out.npy %t/ref.npy
# RUN: cmp %t/out2.npy %t/ref_out2.npy
# RUN: cmp %t/out3.npy %t/ref_out3.npy
# RUN: cmp %t/out4.npy %t/ref_out4.npy
# CHECK: check out: ok, 65536 elements within rtol=0 atol=0 (max abs error 0, max rel error 0)
# CHECK: check out2: ok, 65536 elements within rtol=0 atol=0 (max abs error 0, max rel error 0)
# CHECK: check out3: ok, 16384 elements within rtol=0 atol=0 (max abs error 0, max rel error 0)
# CHECK: check out4: ok, 16384 elements within rtol=0 atol=0 (max abs error 0, max rel error 0)
#
# TensorE tiles (tile_row/tile_rows, tile_col/tile_cols: NKI's tile_position
# and tile_size) place a matmul on part of the 128 x 128 array; the result
# is the untiled one. w bf16 [128, 128], x bf16 [128, 512]:
#
#   out  = w^T . x  in four row tiles of 32: K in four parts, each on its
#                   own rows, accumulated in one PSUM bank in increasing k
#   out2 = w^T . x  in two column tiles of 64: M in two halves, each into
#                   its own 64 partitions of PSUM
#   out3 = w[0:32, 0:32]^T . x[0:32] and out4 = w[32:64, 0:32]^T . x[32:64]:
#                   two stationaries loaded into two 32 x 32 tiles, both
#                   held while the multiplies use them
.chip trn2
.const N = 512

.tensor w    : bf16[128, 128] input
.tensor x    : bf16[128, N] input
.tensor out  : fp32[128, N] output
.tensor out2 : fp32[128, N] output
.tensor out3 : fp32[32, N] output
.tensor out4 : fp32[32, N] output

.sbuf w_t : bf16[128, 128]
.sbuf x_t : bf16[128, N]
.sbuf o_t : fp32[128, 2, N]
.sbuf o_s : fp32[32, 2, N]
.psum acc  : fp32[128, N]
.psum acc2 : fp32[128, N]
.psum acc3 : fp32[32, 2, N]

.sem ld     # +16 per input in SBUF
.sem mm     # +1 per result complete
.sem copied # +1 per result in SBUF

    sp.dma_copy w_t, w, q0.0 signal(ld, 16)
    sp.dma_copy x_t, x, q1.0 signal(ld, 16)
    sp.dma_copy out, o_t[:, 0], q2.0 wait(copied >= 4)
    sp.dma_copy out2, o_t[:, 1], q2.1
    sp.dma_copy out3, o_s[:, 0], q2.2
    sp.dma_copy out4, o_s[:, 1], q2.3

# Row tiles: K = 128 as four tiles of 32 rows, in increasing k.
    pe.matmul acc, w_t[0:32], x_t[0:32], tile_row=0, tile_rows=32 wait(ld >= 32)
    pe.matmul acc, w_t[32:64], x_t[32:64], acc=accumulate, tile_row=32, tile_rows=32
    pe.matmul acc, w_t[64:96], x_t[64:96], acc=accumulate, tile_row=64, tile_rows=32
    pe.matmul acc, w_t[96:128], x_t[96:128], acc=accumulate, tile_row=96, tile_rows=32 signal(mm)
# Column tiles: M = 128 as two tiles of 64 columns.
    pe.matmul acc2[0:64], w_t[:, 0:64], x_t, tile_col=0, tile_cols=64
    pe.matmul acc2[64:128], w_t[:, 64:128], x_t, tile_col=64, tile_cols=64 signal(mm)
# Two 32 x 32 tiles, loaded one after the other, both held.
    pe.load_stationary w_t[0:32, 0:32], tile_row=96, tile_rows=32, tile_col=32, tile_cols=32
    pe.load_stationary w_t[32:64, 0:32], tile_row=0, tile_rows=32, tile_col=0, tile_cols=32
    pe.multiply_moving acc3[:, 0], x_t[0:32], tile_row=96, tile_rows=32, tile_col=32, tile_cols=32 signal(mm)
    pe.multiply_moving acc3[:, 1], x_t[32:64], tile_row=0, tile_rows=32, tile_col=0, tile_cols=32 signal(mm)

    dve.tensor_copy o_t[:, 0], acc wait(mm >= 1) signal(copied)
    dve.tensor_copy o_t[:, 1], acc2 wait(mm >= 2) signal(copied)
    dve.tensor_copy o_s[:, 0], acc3[:, 0] wait(mm >= 4) signal(copied)
    dve.tensor_copy o_s[:, 1], acc3[:, 1] signal(copied)
