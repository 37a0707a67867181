# GEMM, step 1 of 4: tiled.
#
#   out[M, N] = lhsT[K, M]^T . rhs[K, N],  M = N = K = 1024, bf16 in, fp32 out
#
# The NKI tutorial's nki_matmul_tiled_: for every output tile (m, n) of
# [128, 512] and every k, load the stationary tile lhsT[k, m] ([128, 128],
# 32 KiB) and the moving tile rhs[k, n] ([128, 512], 128 KiB) from HBM,
# matmul them into one PSUM bank (k = 0 overwrites, k = 1..7 accumulate, in
# increasing k), then copy the bank to SBUF and store it. Nothing loaded is
# used twice: 128 matmuls, 128 x 160 KiB = 20 MiB read, 4 MiB written.
#
# The mechanics are still done with care, so that what limits this kernel is
# the traffic and not the schedule: the tile loads go through 4 SBUF slots on
# 4 DMA queues per operand (a DMA transfer waits ~1.3 us before it moves a
# byte, six matmuls' worth, so one or two transfers in flight would leave
# HBM idle), PSUM and the SBUF result are double-buffered, and loads, matmuls,
# PSUM evacuation and stores run on four different engines.
#
#   SP   (loads):  for t = (m, n), for k: slot s = k & 3 (the unrolled body
#                  has 8 loads per operand); wait until the matmul that last
#                  read the slot is done (mm >= 8t + k - 3), then DMA both tiles
#                  into slot s on queues q0.s / q1.s (lhs_ld<s>, rhs_ld<s> +16)
#   PE   (matmul): tile t: wait until PSUM bank t & 1 is free (copied >= t - 1),
#                  then 8 matmuls, each after its slot's two loads; each +1 mm
#   DVE  (evac):   tile t: after its 8th matmul (mm >= 8t + 8) and once SBUF
#                  result slot t & 1 is stored (stored<t&1>), copy PSUM -> SBUF
#   POOL (stores): tile t: after the copy, DMA the [128, 512] fp32 result to HBM
#
# Semaphores count per queue: a queue completes in order, so lhs_ld<s> >=
# 16 (r + 1) says that round r of slot s has landed; one counter shared by
# several queues could be reached with a queue still behind.

.chip trn2
.const K = 1024
.const M = 1024
.const N = 1024
.const TK = 128          # contraction tile: the partitions
.const TM = 128          # stationary free size (gemm_stationary_fmax)
.const TN = 512          # moving free size (gemm_moving_fmax): one fp32 PSUM bank
.const KT = K / TK       # 8 k-tiles
.const TILES = (M / TM) * (N / TN)   # 16 output tiles

.tensor lhsT : bf16[K, M] input
.tensor rhs  : bf16[K, N] input
.tensor out  : fp32[M, N] output

.sbuf lhs_t : bf16[TK, 4, TM]    # 4 slots of a stationary tile
.sbuf rhs_t : bf16[TK, 4, TN]    # 4 slots of a moving tile
.sbuf res_t : fp32[TM, 2, TN]    # 2 result slots
.psum acc   : fp32[TM, 2, TN]    # 2 banks

.sem lhs_ld0
.sem lhs_ld1
.sem lhs_ld2
.sem lhs_ld3
.sem rhs_ld0
.sem rhs_ld1
.sem rhs_ld2
.sem rhs_ld3
.sem mm        # +1 per matmul done
.sem copied    # +1 per result tile copied to SBUF
.sem stored0   # +16 per store from result slot 0 (queue q2.0)
.sem stored1   # +16 per store from result slot 1 (queue q2.1)

# ---- SP: the loads. r1 = m * TM, r2 = n * TN (element offsets of the
# tiles' columns), r3 = the mm count that frees the next slot.
    sp.li r1, 0
    sp.li r3, -3
    sp.li r4, M
    sp.li r5, N
sp_m:
    sp.li r2, 0
sp_n:
    .irp k0, 0, 4               # k-tiles k0 .. k0 + 3, into slots 0..3
    .irp s, 0, 1, 2, 3
    sp.dma_copy lhs_t[:, \s, :], lhsT[(\k0+\s)*TK:(\k0+\s+1)*TK, 0:TM] + r1, q0.\s wait(mm >= r3) signal(lhs_ld\s, 16)
    sp.dma_copy rhs_t[:, \s, :], rhs[(\k0+\s)*TK:(\k0+\s+1)*TK, 0:TN] + r2, q1.\s wait(mm >= r3) signal(rhs_ld\s, 16)
    sp.addi r3, r3, 1
    .endr
    .endr
    sp.addi r2, r2, TN
    sp.blt r2, r5, sp_n
    sp.addi r1, r1, TM
    sp.blt r1, r4, sp_m

# ---- PE: tile t accumulates in bank t & 1 (r1 = its element offset, 0 or
# TN). Its k-tiles 0..3 are round 2t of the slots, 4..7 round 2t + 1:
# r2 = 16 (2t + 1), r3 = 16 (2t + 2). r4 = t - 1: bank t & 1 is free once
# tile t - 2 has been copied out. mm_k S, RND: the matmul of the k-tile in
# slot S, once its round (register RND) has landed.
.macro mm_k s, rnd, acc=accumulate
    matmul acc[:, 0, :] + r1, lhs_t[:, \s, :], rhs_t[:, \s, :], acc=\acc wait(lhs_ld\s >= \rnd, rhs_ld\s >= \rnd) signal(mm)
.endm
    pe.li r1, 0
    pe.li r2, 16
    pe.li r3, 32
    pe.li r4, -1
    pe.li r5, 0          # t
    pe.li r6, TILES
pe_tile:
    pe.nop wait(copied >= r4)
    mm_k 0, r2, overwrite
    .irp s, 1, 2, 3
    mm_k \s, r2
    .endr
    .irp s, 0, 1, 2, 3
    mm_k \s, r3
    .endr
    pe.xori r1, r1, TN
    pe.addi r2, r2, 32
    pe.addi r3, r3, 32
    pe.addi r4, r4, 1
    pe.addi r5, r5, 1
    pe.blt r5, r6, pe_tile

# ---- DVE: evacuate PSUM. Tiles go in pairs (bank and result slot 0, then
# 1), so every operand is static. r1 = 8 (t + 1) matmuls done; r2 = 16 (t / 2):
# result slot t & 1 is free once its previous store (tile t - 2) is done.
    dve.li r1, 8
    dve.li r2, 0
    dve.li r5, 0
    dve.li r6, TILES
dve_pair:
    .irp b, 0, 1
    dve.tensor_copy res_t[:, \b, :], acc[:, \b, :] wait(mm >= r1, stored\b >= r2) signal(copied)
    dve.addi r1, r1, KT
    .endr
    dve.addi r2, r2, 16
    dve.addi r5, r5, 2
    dve.blt r5, r6, dve_pair

# ---- POOL: store each result tile once it is in SBUF. The pair of tiles
# (m, 0) and (m, 1) is row block m of out: r1 = m * TM * N.
    pool.li r1, 0
    pool.li r2, 1          # copied >= t + 1
    pool.li r5, 0
    pool.li r6, M * N
pool_m:
    .irp n, 0, 1                # column block n of the row block, from result slot n
    pool.dma_copy out[0:128, \n*TN:(\n+1)*TN] + r1, res_t[:, \n, :], q2.\n wait(copied >= r2) signal(stored\n, 16)
    pool.addi r2, r2, 1
    .endr
    pool.addi r1, r1, TM * N
    pool.blt r1, r6, pool_m
