# FP8 GEMM on trn2 in TensorE's double-row mode (perf=double_row).
#
#   out[M, N] = bf16(lhsT[K, M]^T . rhs[K, N]),  K = 8192, M = 1024, N = 512,
#   lhsT and rhs fp8_e4m3, accumulated in fp32 in PSUM
#
# perf=double_row (trn2 and later, A2) has each PE multiply two fp8 pairs
# per cycle: a matmul contracts over K = 256 rows laid out [128, 2, .],
# element [p, j, .] being row 2p + j of the K-pair, in the time of a
# 128-row matmul. So this kernel is fp8-gemm-plain.s with K-pairs of 256
# rows instead of K-tiles of 128: half the matmuls, each [128, 2, 128] x
# [128, 2, 512] in 512 cycles for twice the FLOP.
#
# - The layout: partition p of K-pair u holds rows 256 u + 2p and 256 u +
#   2p + 1, which lie next to each other in HBM, so each transfer reads 2 M
#   (2 N) contiguous bytes per partition. The sum runs over k in increasing
#   order within a pair (p = 0, 1, ..., and j = 0 before j = 1), and the
#   pairs accumulate in increasing u: every element is one fp32 chain over
#   k = 0..8191, the same bits as the plain kernel's.
# - The 8 m-tiles of out are 8 accumulators [128, 512], one per PSUM bank,
#   live for the whole K loop; both operands fit in SBUF (64 + 32 KiB per
#   partition) and are loaded once, in 32 transfers each (lhsT 256 KiB from
#   SP on q0.0, rhs 128 KiB from ACT on q1.0), one per K-pair: the same
#   transfers as the plain kernel's, now needed every 1.7 us of PE time
#   instead of 3.4 (they take ~1.1 us at the core's HBM share).
# - After the last K-pair, DVE (even banks) and ACT (odd banks) copy the
#   eight tiles out of PSUM, rounding to bf16, and SP and GpSimd store them.
#
#   SP:   lhsT K-pairs u = 0..31, then the stores of m-tiles 0, 2, 4, 6
#   ACT:  rhs K-pairs u = 0..31, then the copies of banks 1, 3, 5, 7
#   PE:   for u = 0..31: for m = 0..7: bank m (+)= lhsT[u, m]^T . rhs[u]
#   DVE:  the copies of banks 0, 2, 4, 6
#   POOL: the stores of m-tiles 1, 3, 5, 7

.chip trn2
.const K = 8192
.const M = 1024
.const N = 512
.const TM = 128          # stationary tile width: the m-tiles
.const MT = M / TM       # 8 m-tiles, one PSUM bank each
.const KP = K / 256      # 32 K-pairs of 256 rows, one transfer each
.const LAST = (KP - 1) * MT  # matmuls before the last K-pair's

.tensor lhsT : fp8_e4m3[K, M] input
.tensor rhs  : fp8_e4m3[K, N] input
.tensor out  : bf16[M, N] output

.sbuf lhs_all : fp8_e4m3[128, KP, 2, M]   # [p, u, j, m] = lhsT[256 u + 2p + j, m]
.sbuf rhs_all : fp8_e4m3[128, KP, 2, N]   # [p, u, j, n] = rhs[256 u + 2p + j, n]
.sbuf res     : bf16[TM, MT, N]           # m-tile m of out
.psum acc     : fp32[TM, MT, N]           # bank m: m-tile m

.sem lhs_in  # +16 per lhsT K-pair in SBUF (q0.0, in order)
.sem rhs_in  # +16 per rhs K-pair in SBUF (q1.0, in order)
.sem mm      # +1 per matmul
.sem ev_d    # +1 per bank copied out by DVE
.sem ev_a    # +1 per bank copied out by ACT

# ---- SP: K-pair u of lhsT: partition p takes rows 256 u + 2p and 256 u +
# 2p + 1, 2 M contiguous elements (a row step of 2 M). r1 = 256 u M
# (elements into lhsT), r3 = 2 u M (into each partition of lhs_all).
    sp.li r1, 0
    sp.li r3, 0
    sp.li r7, K * M
sp_u:
    sp.dma_copy lhs_all[:, 0] + r3, ap(hbm fp8_e4m3, [2 * M, 128], addr(lhsT), [1, 2 * M]) + r1, q0.0 signal(lhs_in, 16)
    sp.addi r1, r1, 256 * M
    sp.addi r3, r3, 2 * M
    sp.blt r1, r7, sp_u

# ---- ACT: rhs the same way (r1 = 256 u N, r3 = 2 u N).
    act.li r1, 0
    act.li r3, 0
    act.li r7, K * N
act_u:
    act.dma_copy rhs_all[:, 0] + r3, ap(hbm fp8_e4m3, [2 * N, 128], addr(rhs), [1, 2 * N]) + r1, q1.0 signal(rhs_in, 16)
    act.addi r1, r1, 256 * N
    act.addi r3, r3, 2 * N
    act.blt r1, r7, act_u

# ---- PE: K-pair u into the eight banks, each matmul [128, 2, 128] x
# [128, 2, 512]. mm_kpair MODE, SYNC, LO, RO: the first matmul carries the
# waits SYNC; LO and RO are the register offsets of K-pair u in lhs_all and
# rhs_all (2 u M and 2 u N elements).
.macro mm_kpair mode, sync=, lo=, ro=
    matmul acc[:, 0, :], lhs_all[:, 0, :, 0:TM] \lo, rhs_all[:, 0] \ro, acc=\mode, perf=double_row \sync signal(mm)
    .rept MT - 1
    matmul acc[:, \+ + 1, :], lhs_all[:, 0, :, (\+ + 1)*TM:(\+ + 2)*TM] \lo, rhs_all[:, 0] \ro, acc=\mode, perf=double_row signal(mm)
    .endr
.endm
# K-pair 0, then one per iteration: r1 = 2 u M, r2 = 2 u N, r3 = 16 (u + 1).
    mm_kpair overwrite, sync=wait(lhs_in >= 16, rhs_in >= 16)
    pe.li r1, 2 * M
    pe.li r2, 2 * N
    pe.li r3, 32
    pe.li r4, KP * 2 * M
pe_u:
    mm_kpair accumulate, sync=wait(lhs_in >= r3, rhs_in >= r3), lo=+ r1, ro=+ r2
    pe.addi r1, r1, 2 * M
    pe.addi r2, r2, 2 * N
    pe.addi r3, r3, 16
    pe.blt r1, r4, pe_u

# ---- DVE and ACT: bank m is complete after matmul LAST + m + 1; each copy
# rounds its fp32 tile to bf16.
    .irp m, 0, 2, 4, 6
    dve.tensor_copy res[:, \m, :], acc[:, \m, :] wait(mm >= LAST + \m + 1) signal(ev_d)
    .endr
    .irp m, 1, 3, 5, 7
    act.tensor_copy res[:, \m, :], acc[:, \m, :] wait(mm >= LAST + \m + 1) signal(ev_a)
    .endr

# ---- The stores, each m-tile once copied: SP the even ones (after its
# loads), GpSimd the odd ones, on 4 queues. On trn2 a DMA instruction costs
# the engine that triggers it ~600 ns (SP's hardware descriptor generator,
# GpSimd's software one): the eight tiles complete within the last ~1.7 us,
# so two engines trigger their stores side by side.
    sp.dma_copy out[0:128, :], res[:, 0, :], q2.0 wait(ev_d >= 1)
    sp.dma_copy out[256:384, :], res[:, 2, :], q2.1 wait(ev_d >= 2)
    sp.dma_copy out[512:640, :], res[:, 4, :], q2.0 wait(ev_d >= 3)
    sp.dma_copy out[768:896, :], res[:, 6, :], q2.1 wait(ev_d >= 4)
    pool.dma_copy out[128:256, :], res[:, 1, :], q3.0 wait(ev_a >= 1)
    pool.dma_copy out[384:512, :], res[:, 3, :], q3.1 wait(ev_a >= 2)
    pool.dma_copy out[640:768, :], res[:, 5, :], q3.0 wait(ev_a >= 3)
    pool.dma_copy out[896:1024, :], res[:, 7, :], q3.1 wait(ev_a >= 4)
