# A matmul on a logical NeuronCore of LNC degree 2: the two physical cores
# of one HBM stack of a trn2 chip run this one kernel (`trn-emu --lnc 2`),
# as an NKI kernel compiled for LNC=2 runs on both with program_id 0 and 1.
#
#   out[M, N] = lhsT[K, M]^T . rhs[K, N],  M = K = 512, N = 1024,
#   lhsT and rhs bf16, out fp32
#
# lhsT is the left operand given transposed (NKI's layout, as in
# docs/examples/gemm): K lies on the partitions of both operands.
#
# The split: N in two blocks of TN = 512 columns (one PSUM bank wide).
# Block nb goes to core nb mod core_count: under LNC=2 core k computes
# columns 512 k .. 512 k + 511 of out; on one core (`--lnc 1`) core 0
# computes both blocks, one after the other, with the same code. Every core
# reads all of lhsT (512 KiB) and its block of rhs (512 KiB) and writes its
# block of out (1 MiB); the halves are disjoint, so the cores never wait for
# each other and there is no core_barrier: the run (like an NKI launch)
# ends when both cores have drained.
#
# The tensors are `shared`, as an NKI kernel's arguments and result are
# under LNC=2 (nl.shared_hbm: one copy in the HBM the two cores share);
# each core picks its columns with a register offset computed from core_id.
#
# Streams, per block j of the core (j = 0, and j = 1 on a single core):
#   SP   loads lhsT in two halves of k (q0.0, q1.0), once; stores the even
#        m-tiles of block j
#   ACT  loads rhs[:, block] in two halves of k (q2.0, q3.0); copies the odd
#        m-tiles out of PSUM
#   PE   for m: for kt: bank 4 j + m (+)= lhsT[kt, m]^T . rhs[kt, block]
#   DVE  copies the even m-tiles out of PSUM
#   POOL stores the odd m-tiles

.chip trn2
.const K  = 512
.const M  = 512
.const N  = 1024
.const TN = 512          # N-block: one fp32 PSUM bank
.const NB = N / TN       # 2 blocks
.const KT = K / 128      # 4 k-tiles
.const MT = M / 128      # 4 m-tiles

.tensor lhsT : bf16[K, M] input shared
.tensor rhs  : bf16[K, N] input shared
.tensor out  : fp32[M, N] output shared

# SBUF, per partition: 4 + 8 + 16 KiB
.sbuf lhs_s : bf16[128, KT, M]         # lhs_s[p, kt, m]    = lhsT[128 kt + p, m]
.sbuf rhs_s : bf16[128, NB, KT, TN]    # rhs_s[p, j, kt, n] = rhs[128 kt + p, TN nb + n]
.sbuf res_s : fp32[128, NB, MT, TN]    # res_s[p, j, m, n]  = out[128 m + p, TN nb + n]
.psum acc   : fp32[128, 8, TN]         # bank 4 j + m: tile m of block j

.sem lhs_lo   # +16: lhsT k-tiles 0-1 in SBUF
.sem lhs_hi   # +16: lhsT k-tiles 2-3
.sem rhs_lo   # +16 per block: its k-tiles 0-1 (q2.0, in order)
.sem rhs_hi   # +16 per block: its k-tiles 2-3 (q3.0, in order)
.sem mm       # +4 per m-tile multiplied
.sem ev_even  # DVE -> SP: +1 per even m-tile in res_s
.sem ev_odd   # ACT -> POOL: +1 per odd m-tile in res_s

# blocks E, WHAT: on engine E, WHAT j for the core's blocks j = 0, 1, ...
# (at most two: nb = core_id + j core_count < NB), with r22 = nb and
# r23 = TN nb, the block's first column in rhs and out.
.macro blocks e, what
    \e.core_id r20
    \e.core_count r21
    \e.li r9, NB
    \e.addi r22, r20, 0
    \e.bge r22, r9, end\@
    \e.muli r23, r22, TN
    \what \e, 0
    \e.add r22, r22, r21
    \e.bge r22, r9, end\@
    \e.muli r23, r22, TN
    \what \e, 1
end\@:
    \e.nop
.endm

#===-- SP: lhsT, once (a core with no block loads nothing) ----------------===#
# lhsT[128 kt + p, m] -> lhs_s[p, kt, m], k-tiles 0-1 and 2-3 on two queues,
# so that the PE starts on the first half while the second is in flight.
    sp.core_id r20
    sp.li r9, NB
    sp.bge r20, r9, sp_none
    sp.dma_copy lhs_s[:, 0:2, :], ap(hbm bf16, [M, 128], addr(lhsT), [128 * M, 2], [1, M]), q0.0 signal(lhs_lo, 16)
    sp.dma_copy lhs_s[:, 2:4, :], ap(hbm bf16, [M, 128], addr(lhsT) + 2 * 128 * M * 2, [128 * M, 2], [1, M]), q1.0 signal(lhs_hi, 16)
sp_none:
    sp.nop

#===-- ACT: rhs[:, block], in two halves of k -----------------------------===#
.macro load_rhs e, j
    \e.dma_copy rhs_s[:, \j, 0:2, :], ap(hbm bf16, [N, 128], addr(rhs), [128 * N, 2], [1, TN]) + r23, q2.0 signal(rhs_lo, 16)
    \e.dma_copy rhs_s[:, \j, 2:4, :], ap(hbm bf16, [N, 128], addr(rhs) + 2 * 128 * N * 2, [128 * N, 2], [1, TN]) + r23, q3.0 signal(rhs_hi, 16)
.endm
    blocks act, load_rhs

#===-- PE: block j into banks 4 j .. 4 j + 3, m outside k -----------------===#
# Tile m of block j is 4 matmuls, one per k-tile: k-tile 0 overwrites, the
# others accumulate, so every element is one fp32 chain over k = 0 .. 511
# in order. Tile m is final after matmul 16 j + 4 m + 4, and is copied out
# and stored while the PE works on tile m + 1. Tile 0 waits for the
# operands' halves of k; the others find them in SBUF.
.macro tile j, m, sync0=, sync2=
    matmul acc[:, 4 * \j + \m, :], lhs_s[:, 0, 128 * \m:128 * \m + 128], rhs_s[:, \j, 0, :], acc=overwrite \sync0
    matmul acc[:, 4 * \j + \m, :], lhs_s[:, 1, 128 * \m:128 * \m + 128], rhs_s[:, \j, 1, :], acc=accumulate
    matmul acc[:, 4 * \j + \m, :], lhs_s[:, 2, 128 * \m:128 * \m + 128], rhs_s[:, \j, 2, :], acc=accumulate \sync2
    matmul acc[:, 4 * \j + \m, :], lhs_s[:, 3, 128 * \m:128 * \m + 128], rhs_s[:, \j, 3, :], acc=accumulate signal(mm, 4)
.endm
.macro mul_block e, j
    tile \j, 0, wait(lhs_lo >= 16, rhs_lo >= 16 * (\j + 1)), wait(lhs_hi >= 16, rhs_hi >= 16 * (\j + 1))
    .irp m, 1, 2, 3
    tile \j, \m
    .endr
.endm
    blocks pe, mul_block

#===-- DVE and ACT: the tiles out of PSUM ----------------------------------===#
# Tile m of block j is final after matmul 16 j + 4 m + 4 (mm counts 4 per
# tile).
# DVE copies the even tiles, ACT the odd ones, so that the two copies of
# each pair run side by side.
.macro copy_even e, j
    .irp m, 0, 2
    dve.tensor_copy res_s[:, \j, \m, :], acc[:, 4 * \j + \m, :] wait(mm >= 16 * \j + 4 * \m + 4) signal(ev_even)
    .endr
.endm
    blocks dve, copy_even
.macro copy_odd e, j
    .irp m, 1, 3
    act.activation res_s[:, \j, \m, :], acc[:, 4 * \j + \m, :], copy wait(mm >= 16 * \j + 4 * \m + 4) signal(ev_odd)
    .endr
.endm
    blocks act, copy_odd

#===-- SP and POOL: the stores ---------------------------------------------===#
# out[128 m + p, TN nb + n] <- res_s[p, j, m, n]: 256 KiB each, one queue
# per m-tile. On trn2 a DMA instruction costs its engine 600 ns, so two
# engines trigger them, each after its copy.
.macro store_even e, j
    .irp h, 0, 1
    sp.dma_copy out[256 * \h:256 * \h + 128, 0:TN] + r23, res_s[:, \j, 2 * \h, :], q4.\h wait(ev_even >= 2 * \j + \h + 1)
    .endr
.endm
    blocks sp, store_even
.macro store_odd e, j
    .irp h, 0, 1
    pool.dma_copy out[256 * \h + 128:256 * \h + 256, 0:TN] + r23, res_s[:, \j, 2 * \h + 1, :], q5.\h wait(ev_odd >= 2 * \j + \h + 1)
    .endr
.endm
    blocks pool, store_odd
