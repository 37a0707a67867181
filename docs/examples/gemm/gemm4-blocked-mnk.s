# GEMM, step 4 of 4: blocked M, N and K.
#
#   out[M, N] = lhsT[K, M]^T . rhs[K, N],  M = N = K = 1024, bf16 in, fp32 out
#
# The NKI tutorial's nki_matmul_fully_optimized_, sized for this problem and
# kept bit-exact:
#
# - N-blocks of 512 (one PSUM bank wide) and an M-block of all 1024 rows: the
#   8 tiles of one N-block are 8 accumulators, one per PSUM bank, all live at
#   once. Each stationary tile lhsT[k, m] then serves both N-blocks and each
#   moving tile rhs[k, n] serves all 8 m-tiles.
# - K-blocks of 128 (one k-tile): for N-block 0 the loop nest is the
#   tutorial's, k outside m. The loads of k-step k are lhsT[k, :] (256 KiB)
#   and rhs[k, 0:512] (128 KiB); the PE runs the 8 matmuls of k-step k as soon
#   as they land, while the later k-steps are still in flight, so the
#   operands stream in once and the PE never waits for all of them.
# - The tutorial adds each K-block's partial sums into SBUF with VectorE.
#   Here the accumulators stay in PSUM across the K-blocks (the N-block's 8
#   tiles fit in the 8 banks), so every element is one fp32 chain over k =
#   0..1023 in order: bit-exact, and no VectorE adds.
# - At this size both operands fit in SBUF (16 KiB per partition each), so
#   each byte is loaded exactly once: 2 MiB + 2 MiB in, 4 MiB out, the
#   minimum. (For larger problems the same blocks are loaded per (N-block,
#   K-block) and rotate through slots.)
# - N-block 1 finds its operands resident (lhsT from N-block 0, rhs[:, 512:]
#   loaded meanwhile), so it goes tile by tile instead, m outside k, in
#   half-tiles of [128, 256] (a matmul with N = 256 takes half as long, so
#   the PE rate is the same): each half-tile is copied out and stored while
#   the PE works on the next, and the kernel ends one small store after its
#   last matmul instead of eight big ones. The last tile goes in quarters
#   ([128, 128], a quarter of the work each), so that its last copy and
#   store, which nothing overlaps, are shorter still.
#
# DMA: a transfer waits ~1.3 us before it moves a byte, and concurrent
# transfers share the core's HBM bandwidth equally, so transfers started
# together finish together. Each k-step is therefore three transfers: the
# first stationary tile lhsT[k, 0:128] (32 KiB, lands first), the moving
# tile rhs[k, 0:512] and the other seven stationary tiles. k-step 1 is
# released when k-step 0's first tile has landed, and from then on k-step
# k + 2 when k-step k's has: each release reaches SP ~300 ns after its
# transfer ends, so releasing only one k-step ahead would let the loads fall
# behind the PE; two ahead keeps two or three k-steps in flight, staggered,
# each arriving before the PE needs it. Even and odd k-steps use separate
# queues (lanes) and semaphores, so each semaphore counts transfers that
# complete in order.
#
#   SP   (loads):  k-steps 0..7 as above, then rhs[:, 512:768] and
#                  rhs[:, 768:1024] (all k, 512 KiB each) for N-block 1
#   PE   (matmul): N-block 0: for k: for m: acc[m] (+)= lhsT[k, m]^T . rhs[k, 0]
#                  N-block 1: for m: for half h: for k: acc[m][h] (+)= ...
#   DVE  (evac):   N-block 0: tile m after its last matmul (mm >= 57 + m)
#   ACT  (evac):   N-block 1: half-tile (m, h) after its 8 matmuls
#   POOL (stores): every tile and half-tile once copied, on 4 queues
#
# SBUF holds the whole result too (32 KiB per partition), so no copy waits
# for a store; the run ends when the last store has drained.

.chip trn2
.const K = 1024
.const M = 1024
.const N = 1024
.const TK = 128          # k-tile: the partitions
.const TM = 128          # stationary tile width
.const TN = 512          # moving tile width: one fp32 PSUM bank
.const NH = TN / 2       # half-tile width of N-block 1
.const KT = K / TK       # 8 k-tiles
.const MT = M / TM       # 8 m-tiles

.tensor lhsT : bf16[K, M] input
.tensor rhs  : bf16[K, N] input
.tensor out  : fp32[M, N] output

.sbuf lhs_all : bf16[TK, KT, M]      # all of lhsT: [k-row, k-tile, m]
.sbuf rhs_all : bf16[TK, KT, N]      # all of rhs:  [k-row, k-tile, n]
.sbuf res0    : fp32[TM, MT, TN]     # N-block 0: tile m
.sbuf res1    : fp32[TM, 2 * MT, NH] # N-block 1: half-tile 2m + h
.psum acc     : fp32[TM, 8, TN]      # bank m: tile m of the N-block

.sem first0    # +16 per lhsT[k, 0:128], even k (queue q0.0)
.sem first1    # ... odd k (q0.1)
.sem rest0     # +16 per lhsT[k, 128:1024], even k (q0.2)
.sem rest1     # ... odd k (q0.3)
.sem mov0      # +16 per rhs[k, 0:512], even k (q1.0)
.sem mov1      # ... odd k (q1.1)
.sem nb1_lo    # +16: rhs[:, 512:768] (q1.2)
.sem nb1_hi    # +16: rhs[:, 768:1024] (q1.3)
.sem mm        # +1 per matmul done
.sem evac0     # +1 per N-block 0 tile copied to SBUF (DVE)
.sem evac1     # +1 per N-block 1 half-tile copied to SBUF (ACT)

# ---- SP: the loads, two k-steps (an even and an odd one) per iteration.
# r1 = k * TK * M and r2 = k * TK * N: element offsets of k-step k in lhsT
# and rhs; r3 = k * M and r4 = k * N: of k-tile k in lhs_all and rhs_all.
# k-step 2i waits for first0 >= 16 i (k-step 2i - 2's first tile, none for
# i = 0), k-step 2i + 1 for first1 >= 16 i (k-step 2i - 1's) and for k-step
# 0's (first0 >= 16): r5 and r6.
    sp.li r1, 0
    sp.li r2, 0
    sp.li r3, 0
    sp.li r4, 0
    sp.li r5, 0
    sp.li r6, 0
    sp.li r7, K * M
sp_k2:
    sp.dma_copy lhs_all[:, 0, 0:TM] + r3, lhsT[0:128, 0:TM] + r1, q0.0 wait(first0 >= r5) signal(first0, 16)
    sp.dma_copy rhs_all[:, 0, 0:TN] + r4, rhs[0:128, 0:TN] + r2, q1.0 wait(first0 >= r5) signal(mov0, 16)
    sp.dma_copy lhs_all[:, 0, TM:M] + r3, lhsT[0:128, TM:M] + r1, q0.2 wait(first0 >= r5) signal(rest0, 16)
    sp.dma_copy lhs_all[:, 1, 0:TM] + r3, lhsT[128:256, 0:TM] + r1, q0.1 wait(first0 >= 16, first1 >= r6) signal(first1, 16)
    sp.dma_copy rhs_all[:, 1, 0:TN] + r4, rhs[128:256, 0:TN] + r2, q1.1 wait(first0 >= 16, first1 >= r6) signal(mov1, 16)
    sp.dma_copy lhs_all[:, 1, TM:M] + r3, lhsT[128:256, TM:M] + r1, q0.3 wait(first0 >= 16, first1 >= r6) signal(rest1, 16)
    sp.addi r1, r1, 2 * TK * M
    sp.addi r2, r2, 2 * TK * N
    sp.addi r3, r3, 2 * M
    sp.addi r4, r4, 2 * N
    sp.addi r5, r5, 16
    sp.addi r6, r6, 16
    sp.blt r1, r7, sp_k2
# rhs for N-block 1, in two column halves of all 8 k-tiles (the first
# half-tile of N-block 1 needs only the first): 128 partitions (k-rows) x 8
# k-tiles (128 rows apart) x 256 columns.
    sp.dma_copy rhs_all[:, :, TN:TN + NH], ap(hbm bf16, [N, TK], addr(rhs) + 2 * TN, [TK * N, KT], [1, NH]), q1.2 signal(nb1_lo, 16)
    sp.dma_copy rhs_all[:, :, TN + NH:N], ap(hbm bf16, [N, TK], addr(rhs) + 2 * (TN + NH), [TK * N, KT], [1, NH]), q1.3 signal(nb1_hi, 16)

# ---- PE, N-block 0: for k: for m: bank m += lhsT[k, m]^T . rhs[k, 0:512].
# The first matmul of k-step k waits for its first stationary tile and its
# moving tile, the second for the other stationary tiles. k-steps 0 and 1
# are written out (k-step 0 overwrites); then two k-steps per iteration, with
# r1 = k * M and r2 = k * N (the k-tile's offsets in SBUF) and r3 = 16 (i + 1)
# for k-steps 2i and 2i + 1.
    matmul acc[:, 0, :], lhs_all[:, 0, 0:128], rhs_all[:, 0, 0:TN], acc=overwrite wait(first0 >= 16, mov0 >= 16) signal(mm)
    matmul acc[:, 1, :], lhs_all[:, 0, 128:256], rhs_all[:, 0, 0:TN], acc=overwrite wait(rest0 >= 16) signal(mm)
    matmul acc[:, 2, :], lhs_all[:, 0, 256:384], rhs_all[:, 0, 0:TN], acc=overwrite signal(mm)
    matmul acc[:, 3, :], lhs_all[:, 0, 384:512], rhs_all[:, 0, 0:TN], acc=overwrite signal(mm)
    matmul acc[:, 4, :], lhs_all[:, 0, 512:640], rhs_all[:, 0, 0:TN], acc=overwrite signal(mm)
    matmul acc[:, 5, :], lhs_all[:, 0, 640:768], rhs_all[:, 0, 0:TN], acc=overwrite signal(mm)
    matmul acc[:, 6, :], lhs_all[:, 0, 768:896], rhs_all[:, 0, 0:TN], acc=overwrite signal(mm)
    matmul acc[:, 7, :], lhs_all[:, 0, 896:1024], rhs_all[:, 0, 0:TN], acc=overwrite signal(mm)
    matmul acc[:, 0, :], lhs_all[:, 1, 0:128], rhs_all[:, 1, 0:TN], acc=accumulate wait(first1 >= 16, mov1 >= 16) signal(mm)
    matmul acc[:, 1, :], lhs_all[:, 1, 128:256], rhs_all[:, 1, 0:TN], acc=accumulate wait(rest1 >= 16) signal(mm)
    matmul acc[:, 2, :], lhs_all[:, 1, 256:384], rhs_all[:, 1, 0:TN], acc=accumulate signal(mm)
    matmul acc[:, 3, :], lhs_all[:, 1, 384:512], rhs_all[:, 1, 0:TN], acc=accumulate signal(mm)
    matmul acc[:, 4, :], lhs_all[:, 1, 512:640], rhs_all[:, 1, 0:TN], acc=accumulate signal(mm)
    matmul acc[:, 5, :], lhs_all[:, 1, 640:768], rhs_all[:, 1, 0:TN], acc=accumulate signal(mm)
    matmul acc[:, 6, :], lhs_all[:, 1, 768:896], rhs_all[:, 1, 0:TN], acc=accumulate signal(mm)
    matmul acc[:, 7, :], lhs_all[:, 1, 896:1024], rhs_all[:, 1, 0:TN], acc=accumulate signal(mm)
    pe.li r1, 2 * M
    pe.li r2, 2 * N
    pe.li r3, 32
    pe.li r4, KT * M
pe_k2:
    matmul acc[:, 0, :], lhs_all[:, 0, 0:128] + r1, rhs_all[:, 0, 0:TN] + r2, acc=accumulate wait(first0 >= r3, mov0 >= r3) signal(mm)
    matmul acc[:, 1, :], lhs_all[:, 0, 128:256] + r1, rhs_all[:, 0, 0:TN] + r2, acc=accumulate wait(rest0 >= r3) signal(mm)
    matmul acc[:, 2, :], lhs_all[:, 0, 256:384] + r1, rhs_all[:, 0, 0:TN] + r2, acc=accumulate signal(mm)
    matmul acc[:, 3, :], lhs_all[:, 0, 384:512] + r1, rhs_all[:, 0, 0:TN] + r2, acc=accumulate signal(mm)
    matmul acc[:, 4, :], lhs_all[:, 0, 512:640] + r1, rhs_all[:, 0, 0:TN] + r2, acc=accumulate signal(mm)
    matmul acc[:, 5, :], lhs_all[:, 0, 640:768] + r1, rhs_all[:, 0, 0:TN] + r2, acc=accumulate signal(mm)
    matmul acc[:, 6, :], lhs_all[:, 0, 768:896] + r1, rhs_all[:, 0, 0:TN] + r2, acc=accumulate signal(mm)
    matmul acc[:, 7, :], lhs_all[:, 0, 896:1024] + r1, rhs_all[:, 0, 0:TN] + r2, acc=accumulate signal(mm)
    matmul acc[:, 0, :], lhs_all[:, 1, 0:128] + r1, rhs_all[:, 1, 0:TN] + r2, acc=accumulate wait(first1 >= r3, mov1 >= r3) signal(mm)
    matmul acc[:, 1, :], lhs_all[:, 1, 128:256] + r1, rhs_all[:, 1, 0:TN] + r2, acc=accumulate wait(rest1 >= r3) signal(mm)
    matmul acc[:, 2, :], lhs_all[:, 1, 256:384] + r1, rhs_all[:, 1, 0:TN] + r2, acc=accumulate signal(mm)
    matmul acc[:, 3, :], lhs_all[:, 1, 384:512] + r1, rhs_all[:, 1, 0:TN] + r2, acc=accumulate signal(mm)
    matmul acc[:, 4, :], lhs_all[:, 1, 512:640] + r1, rhs_all[:, 1, 0:TN] + r2, acc=accumulate signal(mm)
    matmul acc[:, 5, :], lhs_all[:, 1, 640:768] + r1, rhs_all[:, 1, 0:TN] + r2, acc=accumulate signal(mm)
    matmul acc[:, 6, :], lhs_all[:, 1, 768:896] + r1, rhs_all[:, 1, 0:TN] + r2, acc=accumulate signal(mm)
    matmul acc[:, 7, :], lhs_all[:, 1, 896:1024] + r1, rhs_all[:, 1, 0:TN] + r2, acc=accumulate signal(mm)
    pe.addi r1, r1, 2 * M
    pe.addi r2, r2, 2 * N
    pe.addi r3, r3, 16
    pe.blt r1, r4, pe_k2

# ---- PE, N-block 1: for m: for h: for k: bank m, columns h, += lhsT[k, m]^T
# . rhs[k, 512 + 256 h : ...]. Bank m is reused once DVE has copied tile m of
# N-block 0 out (evac0 >= m + 1). r1 = m * TM (the m-tile's columns in
# lhs_all), r2 = m * TN (bank m), r3 = m + 1. m = 0..6 in the loop, m = 7
# written out in quarters.
    pe.li r1, 0
    pe.li r2, 0
    pe.li r3, 1
    pe.li r4, M - TM
pe_m:
    matmul acc[:, 0, 0:NH] + r2, lhs_all[:, 0, 0:TM] + r1, rhs_all[:, 0, TN:TN + NH], acc=overwrite wait(evac0 >= r3, nb1_lo >= 16) signal(mm)
    matmul acc[:, 0, 0:NH] + r2, lhs_all[:, 1, 0:TM] + r1, rhs_all[:, 1, TN:TN + NH], acc=accumulate signal(mm)
    matmul acc[:, 0, 0:NH] + r2, lhs_all[:, 2, 0:TM] + r1, rhs_all[:, 2, TN:TN + NH], acc=accumulate signal(mm)
    matmul acc[:, 0, 0:NH] + r2, lhs_all[:, 3, 0:TM] + r1, rhs_all[:, 3, TN:TN + NH], acc=accumulate signal(mm)
    matmul acc[:, 0, 0:NH] + r2, lhs_all[:, 4, 0:TM] + r1, rhs_all[:, 4, TN:TN + NH], acc=accumulate signal(mm)
    matmul acc[:, 0, 0:NH] + r2, lhs_all[:, 5, 0:TM] + r1, rhs_all[:, 5, TN:TN + NH], acc=accumulate signal(mm)
    matmul acc[:, 0, 0:NH] + r2, lhs_all[:, 6, 0:TM] + r1, rhs_all[:, 6, TN:TN + NH], acc=accumulate signal(mm)
    matmul acc[:, 0, 0:NH] + r2, lhs_all[:, 7, 0:TM] + r1, rhs_all[:, 7, TN:TN + NH], acc=accumulate signal(mm)
    matmul acc[:, 0, NH:TN] + r2, lhs_all[:, 0, 0:TM] + r1, rhs_all[:, 0, TN + NH:N], acc=overwrite wait(nb1_hi >= 16) signal(mm)
    matmul acc[:, 0, NH:TN] + r2, lhs_all[:, 1, 0:TM] + r1, rhs_all[:, 1, TN + NH:N], acc=accumulate signal(mm)
    matmul acc[:, 0, NH:TN] + r2, lhs_all[:, 2, 0:TM] + r1, rhs_all[:, 2, TN + NH:N], acc=accumulate signal(mm)
    matmul acc[:, 0, NH:TN] + r2, lhs_all[:, 3, 0:TM] + r1, rhs_all[:, 3, TN + NH:N], acc=accumulate signal(mm)
    matmul acc[:, 0, NH:TN] + r2, lhs_all[:, 4, 0:TM] + r1, rhs_all[:, 4, TN + NH:N], acc=accumulate signal(mm)
    matmul acc[:, 0, NH:TN] + r2, lhs_all[:, 5, 0:TM] + r1, rhs_all[:, 5, TN + NH:N], acc=accumulate signal(mm)
    matmul acc[:, 0, NH:TN] + r2, lhs_all[:, 6, 0:TM] + r1, rhs_all[:, 6, TN + NH:N], acc=accumulate signal(mm)
    matmul acc[:, 0, NH:TN] + r2, lhs_all[:, 7, 0:TM] + r1, rhs_all[:, 7, TN + NH:N], acc=accumulate signal(mm)
    pe.addi r1, r1, TM
    pe.addi r2, r2, TN
    pe.addi r3, r3, 1
    pe.blt r1, r4, pe_m
# The last tile, m = 7, in quarter-tiles of [128, 128]: its last copy and
# store, which nothing overlaps, are half as long.
    matmul acc[:, 7, 0:128], lhs_all[:, 0, 896:1024], rhs_all[:, 0, 512:640], acc=overwrite wait(evac0 >= MT) signal(mm)
    matmul acc[:, 7, 0:128], lhs_all[:, 1, 896:1024], rhs_all[:, 1, 512:640], acc=accumulate signal(mm)
    matmul acc[:, 7, 0:128], lhs_all[:, 2, 896:1024], rhs_all[:, 2, 512:640], acc=accumulate signal(mm)
    matmul acc[:, 7, 0:128], lhs_all[:, 3, 896:1024], rhs_all[:, 3, 512:640], acc=accumulate signal(mm)
    matmul acc[:, 7, 0:128], lhs_all[:, 4, 896:1024], rhs_all[:, 4, 512:640], acc=accumulate signal(mm)
    matmul acc[:, 7, 0:128], lhs_all[:, 5, 896:1024], rhs_all[:, 5, 512:640], acc=accumulate signal(mm)
    matmul acc[:, 7, 0:128], lhs_all[:, 6, 896:1024], rhs_all[:, 6, 512:640], acc=accumulate signal(mm)
    matmul acc[:, 7, 0:128], lhs_all[:, 7, 896:1024], rhs_all[:, 7, 512:640], acc=accumulate signal(mm)
    matmul acc[:, 7, 128:256], lhs_all[:, 0, 896:1024], rhs_all[:, 0, 640:768], acc=overwrite signal(mm)
    matmul acc[:, 7, 128:256], lhs_all[:, 1, 896:1024], rhs_all[:, 1, 640:768], acc=accumulate signal(mm)
    matmul acc[:, 7, 128:256], lhs_all[:, 2, 896:1024], rhs_all[:, 2, 640:768], acc=accumulate signal(mm)
    matmul acc[:, 7, 128:256], lhs_all[:, 3, 896:1024], rhs_all[:, 3, 640:768], acc=accumulate signal(mm)
    matmul acc[:, 7, 128:256], lhs_all[:, 4, 896:1024], rhs_all[:, 4, 640:768], acc=accumulate signal(mm)
    matmul acc[:, 7, 128:256], lhs_all[:, 5, 896:1024], rhs_all[:, 5, 640:768], acc=accumulate signal(mm)
    matmul acc[:, 7, 128:256], lhs_all[:, 6, 896:1024], rhs_all[:, 6, 640:768], acc=accumulate signal(mm)
    matmul acc[:, 7, 128:256], lhs_all[:, 7, 896:1024], rhs_all[:, 7, 640:768], acc=accumulate signal(mm)
    matmul acc[:, 7, 256:384], lhs_all[:, 0, 896:1024], rhs_all[:, 0, 768:896], acc=overwrite signal(mm)
    matmul acc[:, 7, 256:384], lhs_all[:, 1, 896:1024], rhs_all[:, 1, 768:896], acc=accumulate signal(mm)
    matmul acc[:, 7, 256:384], lhs_all[:, 2, 896:1024], rhs_all[:, 2, 768:896], acc=accumulate signal(mm)
    matmul acc[:, 7, 256:384], lhs_all[:, 3, 896:1024], rhs_all[:, 3, 768:896], acc=accumulate signal(mm)
    matmul acc[:, 7, 256:384], lhs_all[:, 4, 896:1024], rhs_all[:, 4, 768:896], acc=accumulate signal(mm)
    matmul acc[:, 7, 256:384], lhs_all[:, 5, 896:1024], rhs_all[:, 5, 768:896], acc=accumulate signal(mm)
    matmul acc[:, 7, 256:384], lhs_all[:, 6, 896:1024], rhs_all[:, 6, 768:896], acc=accumulate signal(mm)
    matmul acc[:, 7, 256:384], lhs_all[:, 7, 896:1024], rhs_all[:, 7, 768:896], acc=accumulate signal(mm)
    matmul acc[:, 7, 384:512], lhs_all[:, 0, 896:1024], rhs_all[:, 0, 896:1024], acc=overwrite signal(mm)
    matmul acc[:, 7, 384:512], lhs_all[:, 1, 896:1024], rhs_all[:, 1, 896:1024], acc=accumulate signal(mm)
    matmul acc[:, 7, 384:512], lhs_all[:, 2, 896:1024], rhs_all[:, 2, 896:1024], acc=accumulate signal(mm)
    matmul acc[:, 7, 384:512], lhs_all[:, 3, 896:1024], rhs_all[:, 3, 896:1024], acc=accumulate signal(mm)
    matmul acc[:, 7, 384:512], lhs_all[:, 4, 896:1024], rhs_all[:, 4, 896:1024], acc=accumulate signal(mm)
    matmul acc[:, 7, 384:512], lhs_all[:, 5, 896:1024], rhs_all[:, 5, 896:1024], acc=accumulate signal(mm)
    matmul acc[:, 7, 384:512], lhs_all[:, 6, 896:1024], rhs_all[:, 6, 896:1024], acc=accumulate signal(mm)
    matmul acc[:, 7, 384:512], lhs_all[:, 7, 896:1024], rhs_all[:, 7, 896:1024], acc=accumulate signal(mm)

# ---- DVE: copy N-block 0's tile m out of bank m after its last matmul,
# (k-step 7, m), the (57 + m)-th. r1 = m * TN (bank m and result slot m).
    dve.li r1, 0
    dve.li r2, KT * MT - MT + 1
    dve.li r3, MT * TN
dve_m:
    dve.tensor_copy res0[:, 0, :] + r1, acc[:, 0, :] + r1 wait(mm >= r2) signal(evac0)
    dve.addi r1, r1, TN
    dve.addi r2, r2, 1
    dve.blt r1, r3, dve_m

# ---- ACT: copy N-block 1's half-tiles out. Half-tile (m, h) is done after
# matmul 64 + 16m + 8h + 8; r1 = m * TN is both its bank's offset and its
# result slot's (slot 2m + h is 256 (2m + h) = 512 m + 256 h elements in).
# The last tile's quarters are written out: a register offset makes a copy
# NKI's tensor_copy_dynamic (~600 cycles), and the very last copy is on the
# critical path. Quarter q of m = 7 is done after matmul 176 + 8 (q + 1).
    act.li r1, 0
    act.li r2, KT * MT + KT
    act.li r3, (MT - 1) * TN
act_m:
    act.tensor_copy res1[:, 0, :] + r1, acc[:, 0, 0:NH] + r1 wait(mm >= r2) signal(evac1)
    act.addi r2, r2, KT
    act.tensor_copy res1[:, 1, :] + r1, acc[:, 0, NH:TN] + r1 wait(mm >= r2) signal(evac1)
    act.addi r2, r2, KT
    act.addi r1, r1, TN
    act.blt r1, r3, act_m
    act.tensor_copy res1[:, 14, 0:128], acc[:, 7, 0:128] wait(mm >= KT * MT + 14 * KT + 8) signal(evac1)
    act.tensor_copy res1[:, 14, 128:256], acc[:, 7, 128:256] wait(mm >= KT * MT + 14 * KT + 16) signal(evac1)
    act.tensor_copy res1[:, 15, 0:128], acc[:, 7, 256:384] wait(mm >= KT * MT + 14 * KT + 24) signal(evac1)
    act.tensor_copy res1[:, 15, 128:256], acc[:, 7, 384:512] wait(mm >= KT * MT + 14 * KT + 32) signal(evac1)

# ---- POOL: the stores, round-robin over 4 queues (a store of 256 KiB takes
# ~2 us, one of 128 KiB ~1.7 us, and a queue runs one at a time). Nothing
# waits for them: the run ends when they have drained.
# N-block 0, four tiles per iteration: r1 = m * TM * N (row block m of out),
# r2 = m * TN (result slot m), r3 = m + 1.
    pool.li r1, 0
    pool.li r2, 0
    pool.li r3, 1
    pool.li r4, M * N
pool_b0:
    pool.dma_copy out[0:128, 0:TN] + r1, res0[:, 0, :] + r2, q2.0 wait(evac0 >= r3)
    pool.addi r3, r3, 1
    pool.dma_copy out[128:256, 0:TN] + r1, res0[:, 1, :] + r2, q2.1 wait(evac0 >= r3)
    pool.addi r3, r3, 1
    pool.dma_copy out[256:384, 0:TN] + r1, res0[:, 2, :] + r2, q2.2 wait(evac0 >= r3)
    pool.addi r3, r3, 1
    pool.dma_copy out[384:512, 0:TN] + r1, res0[:, 3, :] + r2, q2.3 wait(evac0 >= r3)
    pool.addi r3, r3, 1
    pool.addi r1, r1, 4 * TM * N
    pool.addi r2, r2, 4 * TN
    pool.blt r1, r4, pool_b0
# N-block 1, two tiles (four half-tiles) per iteration for m = 0..5:
# r1 = m * TM * N, r2 = m * TN (half-tile slot 2m), r3 = 2m + 1. The last
# quarters go on queues of their own (q3.0, q3.1), free when they come.
    pool.li r1, 0
    pool.li r2, 0
    pool.li r3, 1
    pool.li r4, 6 * TM * N
pool_b1:
    pool.dma_copy out[0:128, TN:TN + NH] + r1, res1[:, 0, :] + r2, q2.0 wait(evac1 >= r3)
    pool.addi r3, r3, 1
    pool.dma_copy out[0:128, TN + NH:N] + r1, res1[:, 1, :] + r2, q2.1 wait(evac1 >= r3)
    pool.addi r3, r3, 1
    pool.dma_copy out[128:256, TN:TN + NH] + r1, res1[:, 2, :] + r2, q2.2 wait(evac1 >= r3)
    pool.addi r3, r3, 1
    pool.dma_copy out[128:256, TN + NH:N] + r1, res1[:, 3, :] + r2, q2.3 wait(evac1 >= r3)
    pool.addi r3, r3, 1
    pool.addi r1, r1, 2 * TM * N
    pool.addi r2, r2, 2 * TN
    pool.blt r1, r4, pool_b1
# m = 6 in halves, m = 7 in quarters.
    pool.dma_copy out[768:896, TN:TN + NH], res1[:, 12, :], q2.0 wait(evac1 >= 13)
    pool.dma_copy out[768:896, TN + NH:N], res1[:, 13, :], q2.1 wait(evac1 >= 14)
    pool.dma_copy out[896:1024, 512:640], res1[:, 14, 0:128], q2.2 wait(evac1 >= 15)
    pool.dma_copy out[896:1024, 640:768], res1[:, 14, 128:256], q2.3 wait(evac1 >= 16)
    pool.dma_copy out[896:1024, 768:896], res1[:, 15, 0:128], q3.0 wait(evac1 >= 17)
    pool.dma_copy out[896:1024, 896:1024], res1[:, 15, 128:256], q3.1 wait(evac1 >= 18)
