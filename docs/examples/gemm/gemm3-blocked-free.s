# GEMM, step 3 of 4: blocked free dimensions.
#
#   out[M, N] = lhsT[K, M]^T . rhs[K, N],  M = N = K = 1024, bf16 in, fp32 out
#
# The NKI tutorial's nki_matmul_block_free_dimension_, with its block sizes:
# TILES_IN_BLOCK_M = 2 and TILES_IN_BLOCK_N = 2, so a block of the output is
# [256, 1024] = 2 x 2 tiles of [128, 512], accumulated in 4 PSUM banks at
# once. For each M-block b the kernel loads lhsT[:, 256b : 256b + 256]
# (512 KiB) and the whole of rhs (N-block = N: 2 MiB), and every loaded tile
# serves two matmuls: the stationary tile lhsT[k, m] both n-tiles, the
# moving tile rhs[k, n] both m-tiles. Traffic: lhsT 2 MiB + rhs 4 x 2 MiB +
# out 4 MiB = 14 MiB, against step 2's 22 MiB. As in the tutorial, rhs is
# loaded again for every M-block (it is the inner loop's operand).
#
# Blocks are double-buffered: two SBUF slots per operand, two groups of 4
# PSUM banks (block b uses group b & 1), so block b + 1 loads and block b - 1
# drains while block b multiplies. Each operand block has its own queue
# (lhsT on q0.0, rhs's two 1 MiB column halves on q1.0 and q1.1), so block
# b + 1's transfers start when block b's have landed: one block in flight
# ahead of the PE, and one semaphore per queue.
#
#   SP   (loads):  block b into slot b & 1 once the PE is done with block
#                  b - 2 (mm >= 32 (b - 1)): lhsT block (lhs_ld +16), rhs
#                  columns 0:512 (rhs_ld0 +16) and 512:1024 (rhs_ld1 +16)
#   PE   (matmul): block b: for bm: for bn: for k: bank 4 (b & 1) + 2 bm + bn
#                  (+)= lhsT[k, bm]^T . rhs[k, bn], in increasing k
#   ACT  (evac):   tile j of block b after its 8th matmul, into result slot j
#                  once that slot's previous store is done
#   POOL (stores): tile j of block b once copied (queue q2.j, stored<j> +16)

.chip trn2
.const K = 1024
.const M = 1024
.const N = 1024
.const TK = 128
.const TM = 128
.const TN = 512
.const KT = K / TK       # 8 k-tiles
.const BM = 2 * TM       # M-block: TILES_IN_BLOCK_M = 2
.const BLOCKS = M / BM   # 4 M-blocks; the N-block is all of N (2 tiles)

.tensor lhsT : bf16[K, M] input
.tensor rhs  : bf16[K, N] input
.tensor out  : fp32[M, N] output

.sbuf lhs_b : bf16[TK, 2, KT, BM]     # slot b & 1: lhsT[:, M-block b] as [k-row, k-tile, m]
.sbuf rhs_b : bf16[TK, 2, 2, KT, TN]  # slot b & 1, n-tile: rhs[:, n-tile] as [k-row, k-tile, n]
.sbuf res_t : fp32[TM, 4, TN]         # result slot j = 2 bm + bn
.psum acc   : fp32[TM, 8, TN]         # group g = b & 1: banks 4g .. 4g + 3

.sem lhs_ld    # +16 per lhsT block (queue q0.0)
.sem rhs_ld0   # +16 per rhs columns 0:512 (q1.0)
.sem rhs_ld1   # +16 per rhs columns 512:1024 (q1.1)
.sem mm        # +1 per matmul done
.sem copied    # +1 per tile copied to SBUF
.sem stored0   # +16 per store from result slot 0 (q2.0)
.sem stored1   # ... slot 1 (q2.1)
.sem stored2   # ... slot 2 (q2.2)
.sem stored3   # ... slot 3 (q2.3)

# ---- SP: r1 = b * BM (the M-block's columns in lhsT), r3 = the slot offset
# in lhs_b, r4 in rhs_b (elements), r6 = 32 (b - 1): block b - 2 is done.
# A block is 128 partitions (k-rows) x 8 k-tiles (128 rows apart in HBM) x
# its columns: ap(hbm, [row step, rows], base, [k-tile step, 8], [1, columns]).
    sp.li r1, 0
    sp.li r3, 0
    sp.li r4, 0
    sp.li r6, -32
    sp.li r8, M
sp_b:
    sp.dma_copy lhs_b[:, 0, :, :] + r3, ap(hbm bf16, [M, TK], addr(lhsT), [TK * M, KT], [1, BM]) + r1, q0.0 wait(mm >= r6) signal(lhs_ld, 16)
    sp.dma_copy rhs_b[:, 0, 0, :, :] + r4, ap(hbm bf16, [N, TK], addr(rhs), [TK * N, KT], [1, TN]), q1.0 wait(mm >= r6) signal(rhs_ld0, 16)
    sp.dma_copy rhs_b[:, 0, 1, :, :] + r4, ap(hbm bf16, [N, TK], addr(rhs) + 2 * TN, [TK * N, KT], [1, TN]), q1.1 wait(mm >= r6) signal(rhs_ld1, 16)
    sp.xori r3, r3, KT * BM
    sp.xori r4, r4, 2 * KT * TN
    sp.addi r6, r6, 4 * KT
    sp.addi r1, r1, BM
    sp.blt r1, r8, sp_b

# ---- PE: one block per iteration. r1 = lhs_b slot offset, r2 = rhs_b slot
# offset, r3 = the PSUM group's offset (4 (b & 1) banks), r4 = 16 (b + 1)
# (block b has landed), r5 = 4 (b - 1) (group b & 1 was copied out for
# block b - 2). The tile (bm, bn) uses bank 2 bm + bn of the group:
# mm_tile BM, BN [, SYNC]: its eight matmuls, the first one with the waits SYNC.
.macro mm_tile bm, bn, sync=
    matmul acc[:, 2 * \bm + \bn, :] + r3, lhs_b[:, 0, 0, \bm*TM:(\bm+1)*TM] + r1, rhs_b[:, 0, \bn, 0, :] + r2, acc=overwrite \sync signal(mm)
    .rept KT - 1
    matmul acc[:, 2 * \bm + \bn, :] + r3, lhs_b[:, 0, \+ + 1, \bm*TM:(\bm+1)*TM] + r1, rhs_b[:, 0, \bn, \+ + 1, :] + r2, acc=accumulate signal(mm)
    .endr
.endm
    pe.li r1, 0
    pe.li r2, 0
    pe.li r3, 0
    pe.li r4, 16
    pe.li r5, -4
    pe.li r6, 0
    pe.li r7, BLOCKS
pe_b:
    pe.nop wait(copied >= r5)
    mm_tile 0, 0, wait(lhs_ld >= r4, rhs_ld0 >= r4)
    mm_tile 0, 1, wait(rhs_ld1 >= r4)
    mm_tile 1, 0
    mm_tile 1, 1
    pe.xori r1, r1, KT * BM
    pe.xori r2, r2, 2 * KT * TN
    pe.xori r3, r3, 4 * TN
    pe.addi r4, r4, 16
    pe.addi r5, r5, 4
    pe.addi r6, r6, 1
    pe.blt r6, r7, pe_b

# ---- ACT: copy out tile j of block b (its last matmul is the (32 b + 8 j +
# 8)-th) into result slot j once the slot's previous store (tile j of block
# b - 1) is done. r1 = the PSUM group's offset, r2 = 32 b + 8, r3 = 16 b.
    act.li r1, 0
    act.li r2, KT
    act.li r3, 0
    act.li r6, 0
    act.li r7, BLOCKS
act_b:
    .irp j, 0, 1, 2, 3
    act.tensor_copy res_t[:, \j, :], acc[:, \j, :] + r1 wait(mm >= r2, stored\j >= r3) signal(copied)
    act.addi r2, r2, KT
    .endr
    act.xori r1, r1, 4 * TN
    act.addi r3, r3, 16
    act.addi r6, r6, 1
    act.blt r6, r7, act_b

# ---- POOL: store tile j of block b, rows 256 b + 128 bm, columns 512 bn,
# once copied. r1 = b * BM * N, r2 = 4 b + 1.
    pool.li r1, 0
    pool.li r2, 1
    pool.li r6, M * N
pool_b:
    .irp j, 0, 1, 2, 3          # tile j = 2 bm + bn: rows 128 bm, columns 512 bn
    pool.dma_copy out[(\j / 2) * TM:(\j / 2 + 1) * TM, (\j % 2) * TN:(\j % 2 + 1) * TN] + r1, res_t[:, \j, :], q2.\j wait(copied >= r2) signal(stored\j, 16)
    pool.addi r2, r2, 1
    .endr
    pool.addi r1, r1, BM * N
    pool.blt r1, r6, pool_b
