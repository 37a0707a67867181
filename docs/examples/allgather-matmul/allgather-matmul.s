# The all-gather matmul ring of AWS's nki-samples (tutorials/
# allgather_matmul_ring) on the 8 NeuronCores of a trn2 chip
# (`trn-emu --system trn2-chip`):
#
#   Y = X . W,  X : bf16 [S m, K] row-sharded (core k holds rows m k ..),
#               W : bf16 [K, S n] column-sharded (core k uses columns n k ..),
#               Y : fp32 [S m, S n],  S = 8 cores, m = 128, K = 2048, n = 512
#
# Core k computes its column block Y[:, n k ..] for ALL rows, although it
# holds only its own rows of X: the shards travel around the ring. At step
# s (0 .. S - 1) core k holds the shard of core src = (k - s) mod S,
# multiplies it by its columns of W into Y[m src .., n k ..], and passes it
# on to core k + 1 (receiving core k - 1's) with `sendrecv`, which runs
# while the PE multiplies: communication under compute.
#
# As in AWS's collective matmul with SBUF-to-SBUF permutes, the shard is
# transposed once (16 PE transposes: K must lie on the partitions of both
# matmul operands) and travels transposed, SBUF to SBUF, in two buffers:
# step s multiplies buffer s mod 2 while sendrecv fills the other.
#
#   x : private, core k's shard [m, K] (the file is [S, m, K]: X by shards)
#   w : shared, all of W [K, 8 n] (the model's layout; core k reads its
#       columns with a register offset from core_id)
#   y : shared, all of Y [8 m, 8 n]; core k writes its column block
#
# The ring's length is core_count, and must be even (the loop runs two
# steps per turn, one per buffer) and a power of two (src is computed with
# an `and`): 8 on trn2 and trn3, 2 on trn1, where only the first 2 of the
# 8 row and column blocks are computed.
#
# Streams (every hand-over is a semaphore):
#   SP   loads x (q0.0); stores each step's [m, n] block of Y (q1.0)
#   ACT  loads W's 4 chunks of 4 k-tiles (q2.0, in order)
#   PE   16 transposes of x; per step 16 matmuls into PSUM bank s mod 2
#   DVE  x^T out of PSUM (2 copies); per step the [m, n] block out of PSUM
#   POOL the sendrecv of each step but the last

.chip trn2
.const SMAX = 8          # row and column blocks of X, W and Y
.const MS = 128          # m: rows of a shard
.const K  = 2048
.const NS = 512          # n: columns of W per core, one PSUM bank of fp32
.const KT = K / 128      # 16 k-tiles
.const WC = 4            # W chunks, of KT / WC = 4 k-tiles each

.tensor x : bf16[MS, K] input
.tensor w : bf16[K, SMAX * NS] input shared
.tensor y : fp32[SMAX * MS, SMAX * NS] output shared

# SBUF, per partition: 4 + 8 + 16 + 4 KiB
.sbuf x_s  : bf16[128, K]              # x_s[r, kk]       = x[r, kk]
.sbuf xT_s : bf16[128, 2, KT, MS]      # xT_s[p, b, kt, r] = shard (buffer b)[r, 128 kt + p]
.sbuf w_s  : bf16[128, KT, NS]         # w_s[p, kt, c]    = W[128 kt + p, NS k + c]
.sbuf y_s  : fp32[128, 2, NS]          # y_s[r, b, c]     = the block of step s, b = s mod 2
# PSUM: banks 0-1 Y's blocks (double-buffered), banks 2-3 x^T (bf16)
.psum acc   : fp32[128, 2, NS] bank 0
.psum xT_ps : bf16[128, KT, MS] bank 2

.sem x_ld    # +16: x in SBUF
.sem w_ld    # +16 per W chunk (q2.0, in order)
.sem tr      # PE -> DVE: +1 per 8 transposes in xT_ps
.sem xcp     # DVE -> PE, POOL: +1 per 8 k-tiles of x^T in buffer 0
.sem recv    # +1 per sendrecv done: the next shard is in the other buffer
.sem mm      # PE -> DVE, POOL: +1 per step multiplied (its buffer free)
.sem ev      # DVE -> SP: +1 per step's block in y_s (its bank free)
.sem st      # +16 per block stored (its y_s slot free)

#===-- SP: x, then the stores -----------------------------------------------===#
# Step s's block goes to Y[MS src + r, NS k + c], src = (k - s) mod S:
# element offset MS src SMAX NS + NS k (r9 = NS k).
    sp.core_id r20
    sp.core_count r21
    sp.subi r22, r21, 1             # S - 1: the mask of `mod S`
    sp.muli r9, r20, NS
    sp.dma_copy x_s, x, q0.0 signal(x_ld, 16)
    sp.li r1, 0                     # s
sp_step:
    .irp b, 0, 1
    sp.sub r2, r20, r1
    sp.and r2, r2, r22              # src
    sp.muli r2, r2, MS * SMAX * NS
    sp.add r2, r2, r9
    sp.addi r3, r1, 1               # ev >= s + 1
    sp.dma_copy y[0:MS, 0:NS] + r2, y_s[:, \b, :], q1.0 wait(ev >= r3) signal(st, 16)
    sp.addi r1, r1, 1
    .endr
    sp.blt r1, r21, sp_step

#===-- ACT: this core's columns of W, in 4 chunks of 4 k-tiles --------------===#
# W[128 kt + p, NS k + c] -> w_s[p, kt, c]: 512 KiB each, on one queue, which
# completes them in order: w_ld >= 16 (j + 1) says chunk j has landed.
    act.core_id r20
    act.muli r1, r20, NS
    .irp j, 0, 1, 2, 3
    act.dma_copy w_s[:, 4 * \j:4 * \j + 4, :], ap(hbm bf16, [SMAX * NS, 128], addr(w) + 2 * 4 * \j * 128 * SMAX * NS, [128 * SMAX * NS, 4], [1, NS]) + r1, q2.0 signal(w_ld, 16)
    .endr

#===-- PE: x^T, then the steps ---------------------------------------------===#
# x_s[:, 128 kt ..] is [m rows, 128 k]; its transpose goes to xT_ps[:, kt, :].
    .irp kt, 0, 1, 2, 3, 4, 5, 6, 7
    pe.transpose xT_ps[:, \kt, :], x_s[:, 128 * \kt:128 * \kt + 128] wait(x_ld >= 16)
    .endr
    pe.sem_signal tr, 1
    .irp kt, 8, 9, 10, 11, 12, 13, 14, 15
    pe.transpose xT_ps[:, \kt, :], x_s[:, 128 * \kt:128 * \kt + 128]
    .endr
    pe.sem_signal tr, 1
# Step s (buffer and bank b = s mod 2): bank b = sum over kt of
# shard^T[kt]^T . W[kt]. It waits for its shard (recv >= s; step 0's is
# x^T, xcp), for bank b's previous block to be copied out (ev >= s - 1),
# and in step 0 for each chunk of W. Its last matmul signals mm.
    pe.core_count r21
    pe.nop wait(xcp >= 2)
    pe.li r1, 0                     # s
pe_step:
    .irp b, 0, 1
    pe.addi r2, r1, -1
    pe.maxi r2, r2, 0               # ev >= max(s - 1, 0)
    pe.nop wait(ev >= r2)
    matmul acc[:, \b, :], xT_s[:, \b, 0, :], w_s[:, 0, :], acc=overwrite wait(recv >= r1, w_ld >= 16)
    .irp kt, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14
    matmul acc[:, \b, :], xT_s[:, \b, \kt, :], w_s[:, \kt, :], acc=accumulate wait(w_ld >= 16 * (\kt / 4 + 1))
    .endr
    matmul acc[:, \b, :], xT_s[:, \b, 15, :], w_s[:, 15, :], acc=accumulate signal(mm)
    pe.addi r1, r1, 1
    .endr
    pe.blt r1, r21, pe_step

#===-- DVE: x^T into buffer 0, then each step's block ------------------------===#
    dve.tensor_copy xT_s[:, 0, 0:8, :], xT_ps[:, 0:8, :] wait(tr >= 1) signal(xcp)
    dve.tensor_copy xT_s[:, 0, 8:16, :], xT_ps[:, 8:16, :] wait(tr >= 2) signal(xcp)
# Block s: bank b to y_s slot b once step s is multiplied (mm >= s + 1) and
# the store of step s - 2 from that slot has completed (st >= 16 (s - 1)).
    dve.core_count r21
    dve.li r1, 0                    # s
dve_step:
    .irp b, 0, 1
    dve.addi r2, r1, 1              # mm >= s + 1
    dve.addi r3, r1, -1
    dve.maxi r3, r3, 0
    dve.muli r3, r3, 16             # st >= 16 max(s - 1, 0)
    dve.tensor_copy y_s[:, \b, :], acc[:, \b, :] wait(mm >= r2, st >= r3) signal(ev)
    dve.addi r1, r1, 1
    .endr
    dve.blt r1, r21, dve_step

#===-- POOL: the ring --------------------------------------------------------===#
# Step s's sendrecv sends buffer b = s mod 2 to core k + 1 and receives core
# k - 1's into buffer 1 - b. It needs buffer b's shard (recv >= s; step 0's
# is x^T, xcp >= 2) and buffer 1 - b free: step s - 1, which multiplied it,
# done (mm >= s). The last step sends nothing: every core has then seen
# every shard.
    pool.core_id r20
    pool.core_count r21
    pool.subi r22, r21, 1
    pool.addi r3, r20, 1
    pool.and r3, r3, r22            # to: k + 1 mod S
    pool.add r4, r20, r22
    pool.and r4, r4, r22            # from: k - 1 mod S
    pool.nop wait(xcp >= 2)
    pool.li r1, 0                   # s
pool_step:
    .irp b, 0, 1
    pool.beq r1, r22, pool_done     # s = S - 1: no send
    pool.sendrecv xT_s[:, 1 - \b, :, :], xT_s[:, \b, :, :], r3, r4 wait(recv >= r1, mm >= r1) signal(recv)
    pool.addi r1, r1, 1
    .endr
    pool.jmp pool_step
pool_done:
    pool.nop
