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
#   last matmul instead of eight big ones.
#
# DMA (docs/timing-model.md section 9): on trn2 every DMA instruction costs
# its engine ~600 ns (the hardware descriptor generator), every transfer
# ~1.3 us of fixed costs and each DMA engine ~0.4 us of processing, so the
# loads are few and large: one transfer per k-step for lhsT[k, :] (256 KiB,
# 2 KiB per partition) from SP on q0.0 and one for rhs[k, 0:512] (128 KiB)
# from ACT on q1.0, trn2's two descriptor generators working side by side.
# All are triggered at once; each queue fetches one transfer while the one
# before moves its data, and delivers them in order, so one semaphore per
# queue counts the k-steps that have landed. The 8 k-steps' 3 MiB arrive
# at ~1.1 us per k-step, ahead of the PE's 1.7 us.
#
#   SP   (loads):  lhsT[k, :] for k = 0..7, then rhs[:, 512:768] and
#                  rhs[:, 768:1024] (all k, 512 KiB each) for N-block 1
#   ACT  (loads):  rhs[k, 0:512] for k = 0..7
#   PE   (matmul): N-block 0: for k: for m: acc[m] (+)= lhsT[k, m]^T . rhs[k, 0]
#                  N-block 1: for m: for half h: for k: acc[m][h] (+)= ...
#   DVE  (evac):   N-block 0: tile m after its last matmul (mm >= 57 + m)
#   ACT  (evac):   N-block 1: half-tile (m, h) after its 8 matmuls
#   SP   (stores): after its loads, every tile and half-tile once copied, on
#                  4 queues
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

.sem lhs_in    # +16 per lhsT[k, :] in SBUF (queue q0.0, in order)
.sem rhs_in    # +16 per rhs[k, 0:512] in SBUF (queue q1.0, in order)
.sem nb1_lo    # +16: rhs[:, 512:768] (q1.2)
.sem nb1_hi    # +16: rhs[:, 768:1024] (q1.3)
.sem mm        # +1 per matmul done
.sem evac0     # +1 per N-block 0 tile copied to SBUF (DVE)
.sem evac1     # +1 per N-block 1 half-tile copied to SBUF (ACT)

# ---- SP: lhsT, one k-step per transfer. r1 = k * TK * M: the element
# offset of k-step k in lhsT; r3 = k * M: of k-tile k in lhs_all.
    sp.li r1, 0
    sp.li r3, 0
    sp.li r7, K * M
sp_k:
    sp.dma_copy lhs_all[:, 0, :] + r3, lhsT[0:128, :] + r1, q0.0 signal(lhs_in, 16)
    sp.addi r1, r1, TK * M
    sp.addi r3, r3, M
    sp.blt r1, r7, sp_k
# rhs for N-block 1, in two column halves of all 8 k-tiles (the first
# half-tile of N-block 1 needs only the first): 128 partitions (k-rows) x 8
# k-tiles (128 rows apart) x 256 columns. They wait until the first two
# k-steps of lhsT have landed, so that their 1 MiB does not take HBM
# bandwidth from the operands the PE is waiting for: on trn1, where a
# trigger costs SP only 46 ns, every load is otherwise in flight at once
# and k-step 1 landed 3.5 us after k-step 0 (on trn2 SP's 600 ns triggers
# stagger them anyway).
    sp.dma_copy rhs_all[:, :, TN:TN + NH], ap(hbm bf16, [N, TK], addr(rhs) + 2 * TN, [TK * N, KT], [1, NH]), q1.2 wait(lhs_in >= 32) signal(nb1_lo, 16)
    sp.dma_copy rhs_all[:, :, TN + NH:N], ap(hbm bf16, [N, TK], addr(rhs) + 2 * (TN + NH), [TK * N, KT], [1, NH]), q1.3 signal(nb1_hi, 16)

# ---- ACT: rhs[k, 0:512], one k-step per transfer (r1 = k * TK * N in rhs,
# r3 = k * N in rhs_all); ACT's copies of N-block 1 come after (below).
    act.li r1, 0
    act.li r3, 0
    act.li r7, K * N
act_k:
    act.dma_copy rhs_all[:, 0, 0:TN] + r3, rhs[0:128, 0:TN] + r1, q1.0 signal(rhs_in, 16)
    act.addi r1, r1, TK * N
    act.addi r3, r3, N
    act.blt r1, r7, act_k

# ---- PE, N-block 0: for k: for m: bank m += lhsT[k, m]^T . rhs[k, 0:512].
# The first matmul of k-step k waits for its two transfers (lhs_in and
# rhs_in >= 16 (k + 1)). k-steps 0 and 1 are written out (k-step 0
# overwrites); then two k-steps per iteration, with r1 = k * M and r2 = k * N
# (the k-tile's offsets in SBUF), r3 = 16 (k + 1) and r5 = 16 (k + 2).
# mm_kstep K, ACC, SYNC [, LO, RO]: k-tile K's matmuls into the eight banks,
# the first with the waits SYNC; LO and RO are the operands' register
# offsets (+ r1, + r2) in the loop.
.macro mm_kstep k, acc, sync, lo=, ro=
    matmul acc[:, 0, :], lhs_all[:, \k, 0:TM] \lo, rhs_all[:, \k, 0:TN] \ro, acc=\acc \sync signal(mm)
    .rept MT - 1
    matmul acc[:, \+ + 1, :], lhs_all[:, \k, (\+ + 1)*TM:(\+ + 2)*TM] \lo, rhs_all[:, \k, 0:TN] \ro, acc=\acc signal(mm)
    .endr
.endm
    mm_kstep 0, overwrite, wait(lhs_in >= 16, rhs_in >= 16)
    mm_kstep 1, accumulate, wait(lhs_in >= 32, rhs_in >= 32)
    pe.li r1, 2 * M
    pe.li r2, 2 * N
    pe.li r3, 48
    pe.li r5, 64
    pe.li r4, KT * M
pe_k2:
    mm_kstep 0, accumulate, wait(lhs_in >= r3, rhs_in >= r3), + r1, + r2
    mm_kstep 1, accumulate, wait(lhs_in >= r5, rhs_in >= r5), + r1, + r2
    pe.addi r1, r1, 2 * M
    pe.addi r2, r2, 2 * N
    pe.addi r3, r3, 32
    pe.addi r5, r5, 32
    pe.blt r1, r4, pe_k2

# ---- PE, N-block 1: for m: for h: for k: bank m, columns h, += lhsT[k, m]^T
# . rhs[k, 512 + 256 h : ...]. Bank m is reused once DVE has copied tile m of
# N-block 0 out (evac0 >= m + 1). r1 = m * TM (the m-tile's columns in
# lhs_all), r2 = m * TN (bank m), r3 = m + 1. mm_half H, SYNC: the eight
# k-steps of half-tile (m, h), the first with the waits SYNC.
.macro mm_half h, sync
    matmul acc[:, 0, \h*NH:(\h+1)*NH] + r2, lhs_all[:, 0, 0:TM] + r1, rhs_all[:, 0, TN + \h*NH:TN + (\h+1)*NH], acc=overwrite \sync signal(mm)
    .rept KT - 1
    matmul acc[:, 0, \h*NH:(\h+1)*NH] + r2, lhs_all[:, \+ + 1, 0:TM] + r1, rhs_all[:, \+ + 1, TN + \h*NH:TN + (\h+1)*NH], acc=accumulate signal(mm)
    .endr
.endm
    pe.li r1, 0
    pe.li r2, 0
    pe.li r3, 1
    pe.li r4, M
pe_m:
    mm_half 0, wait(evac0 >= r3, nb1_lo >= 16)
    mm_half 1, wait(nb1_hi >= 16)
    pe.addi r1, r1, TM
    pe.addi r2, r2, TN
    pe.addi r3, r3, 1
    pe.blt r1, r4, pe_m

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
# The last tile is written out: a register offset makes a copy NKI's
# tensor_copy_dynamic (~600 cycles), and the very last copy is on the
# critical path.
    act.li r1, 0
    act.li r2, KT * MT + KT
    act.li r3, (MT - 1) * TN
act_m:
    .irp h, 0, 1
    act.tensor_copy res1[:, \h, :] + r1, acc[:, 0, \h*NH:(\h+1)*NH] + r1 wait(mm >= r2) signal(evac1)
    act.addi r2, r2, KT
    .endr
    act.addi r1, r1, TN
    act.blt r1, r3, act_m
    .irp h, 0, 1
    act.tensor_copy res1[:, 14 + \h, :], acc[:, 7, \h*NH:(\h+1)*NH] wait(mm >= KT * MT + (15 + \h) * KT) signal(evac1)
    .endr

# ---- SP, after its loads: the stores, round-robin over 4 queues (a store of 256 KiB takes
# ~2 us, one of 128 KiB ~1.7 us, and a queue runs one at a time). Nothing
# waits for them: the run ends when they have drained. SP triggers them,
# not GpSimd: a DMA instruction on GpSimd builds its descriptors in
# software (600 ns, on trn1 as on trn2), one from SP costs 46 ns on trn1
# (static descriptors) and 600 ns on trn2 (the hardware generator), and SP
# is idle once its loads are out.
# N-block 0, four tiles per iteration: r1 = m * TM * N (row block m of out),
# r2 = m * TN (result slot m), r3 = m + 1.
    sp.li r1, 0
    sp.li r2, 0
    sp.li r3, 1
    sp.li r4, M * N
sp_b0:
    .irp j, 0, 1, 2, 3
    sp.dma_copy out[\j*TM:(\j+1)*TM, 0:TN] + r1, res0[:, \j, :] + r2, q2.\j wait(evac0 >= r3)
    sp.addi r3, r3, 1
    .endr
    sp.addi r1, r1, 4 * TM * N
    sp.addi r2, r2, 4 * TN
    sp.blt r1, r4, sp_b0
# N-block 1, two tiles (four half-tiles) per iteration: r1 = m * TM * N,
# r2 = m * TN (half-tile slot 2m), r3 = 2m + 1.
    sp.li r1, 0
    sp.li r2, 0
    sp.li r3, 1
sp_b1:
    .irp j, 0, 1, 2, 3          # half-tile j = 2 (m - m0) + h: rows 128 (m - m0), columns 512 + 256 h
    sp.dma_copy out[(\j / 2) * TM:(\j / 2 + 1) * TM, TN + (\j % 2) * NH:TN + (\j % 2 + 1) * NH] + r1, res1[:, \j, :] + r2, q2.\j wait(evac1 >= r3)
    sp.addi r3, r3, 1
    .endr
    sp.addi r1, r1, 2 * TM * N
    sp.addi r2, r2, 2 * TN
    sp.blt r1, r4, sp_b1
