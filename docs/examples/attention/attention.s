# Causal self-attention for one head, flash-attention style:
#
#   out = softmax(c . Q K^T + causal mask) V,   c = 1 / sqrt(d)
#
#   Q, K, V : bf16 [S, d], S = 2048, d = 128
#   out     : fp32 [S, d]
#
# The S x S score matrix never exists: for each query block i of 128 rows
# the kernel walks the key blocks j = 0..i (the diagonal one last) and
# keeps, per query row, the running maximum m (as nm = -c m), the running
# sum l and the unnormalised output O (fp32, in SBUF). One step (i, j):
#
#   S_ij  = Q_i K_j^T                    PE    [128 q, 128 k] into PSUM
#   S_ij += mask                 (j = i) DVE   0 on and below the diagonal, -inf above
#   mblk  = row max of S_ij              DVE   tensor_reduce
#   nm'   = min(-c mblk, nm)             POOL  the new running max
#   P     = exp(c S_ij + nm'), rs = row sum of P
#                                        ACT   activation exp, bias nm', accum rs; P in bf16
#   alpha = exp(nm' - nm)                ACT   = exp(c (m - m')), the rescale factor
#   l     = l alpha + rs,  O = O alpha   POOL
#   P^T                                  PE    transpose: the key dim onto partitions;
#                                        ACT   copies it from PSUM to SBUF
#   O    += P V_j                        PE    matmul (stationary P^T) into PSUM; DVE adds
#   out_i = O / l                (j = i) POOL  then SP stores the 128 rows
#
# The steps run in the order (0,0) (1,0) (1,1) (2,0) (2,1) (2,2) ..., g = 0
# to NS - 1. A query block's first step takes +inf as the previous nm
# (slot 4 of the nm ring), so its alpha is exp(-inf) = 0 and it computes
# l = l * 0 + rs and O = O * 0 + P V: no step but the diagonal is special,
# and the per-block state needs no reset.
#
# Each engine loops over g on its own and does its part of a step a fixed
# number of iterations after the step's first part (a software pipeline),
# so that no engine waits on a chain it could overlap:
#   PE    iteration g: S_g (and, at a block's first step, the transposes
#                      of the next block's K and Q); transpose of P and
#                      P V of step g - 3
#   DVE   iteration g: mask and max of S_g (at a block's first step, the
#                      copy of the next block's K^T and Q^T); O += P V of
#                      step g - 3
#   ACT   iteration g: exp and alpha of step g; copy of P^T of step g - 1
#   POOL  iteration g: out of the query block whose diagonal was step
#                      g - 4; nm of step g; l and O *= alpha of step g - 2
# Per-step buffers are rings of 4 slots (slot g & 3), per-query-block state
# has 4 buffers (i & 3), and every hand-over is a semaphore that counts
# steps: "X >= g + 1" means step g's X is done, "X >= g - 3" that the slot
# step g is about to reuse has been released by step g - 4.

.chip trn2
.const S  = 2048
.const HD = 128            # head dimension d
.const NB = S / 128        # query (and key) blocks
.const NS = NB * (NB + 1) / 2
.const NA = NB / 4         # blocks in the first load

.tensor q   : bf16[S, HD] input
.tensor k   : bf16[S, HD] input
.tensor v   : bf16[S, HD] input
.tensor out : fp32[S, HD] output

# SBUF
.sbuf q_s   : bf16[128, NB, HD]   # q_s[p, b, e] = Q[128 b + p, e] (the same for k_s, v_s)
.sbuf k_s   : bf16[128, NB, HD]
.sbuf v_s   : bf16[128, NB, HD]
.sbuf xT_s  : bf16[128, NB, 2, 128]  # xT_s[e, b, 0, s] = K[128 b + s, e]; [e, b, 1, s] = Q[128 b + s, e]
.sbuf mask  : fp32[128, 128]      # 0 where key <= query, -inf above the diagonal
.sbuf s_sb  : fp32[128, 2, 128]   # masked diagonal scores, by i & 1
.sbuf p_s   : bf16[128, 4, 128]   # ring: P of step g
.sbuf pT_s  : bf16[128, 4, 128]   # ring: P^T of step g
.sbuf mblk  : fp32[128, 4]        # ring: row max of S_g
.sbuf nm    : fp32[128, 5]        # ring: -c * running max after step g; slot 4 = +inf
.sbuf rs    : fp32[128, 4]        # ring: row sum of P_g (fp32, before rounding P)
.sbuf alpha : fp32[128, 4]        # ring: rescale factor of step g
.sbuf l     : fp32[128, 4]        # running sum, by i & 3
.sbuf o_acc : fp32[128, 4, HD]    # unnormalised output, by i & 3
.sbuf o_out : fp32[128, NB, HD]   # o_out[p, i, e] = out[128 i + p, e]

# PSUM
.psum s_ps  : fp32[128, 4, 128] bank 0   # ring: S_g
.psum pT_ps : bf16[128, 4, 128] bank 1   # ring: P_g^T (a PE transpose keeps bf16)
.psum pv_ps : fp32[128, 4, HD] bank 2    # ring: P_g V_j
.psum xT_ps : bf16[128, 2, 2, 128] bank 3  # K^T and Q^T of a block, two blocks in flight

.sem lda      # +16 per tensor: blocks 0 .. NA - 1 of K, Q and V in SBUF (48: all three)
.sem ldb      # +16 per tensor: blocks NA .. NB - 1
.sem xt       # PE -> DVE: +1 per block b, K_b^T and Q_b^T in xT_ps
.sem xtc      # DVE -> PE: +1 per block b, K_b^T and Q_b^T in xT_s
.sem msk      # POOL -> DVE: the mask is built
.sem smm      # PE -> DVE:   +1 per step, S_g in s_ps
.sem red      # DVE -> POOL: +1 per step, mblk_g
.sem nmu      # POOL -> ACT: +1 per step, nm_g
.sem ex       # ACT -> PE:   +1 per step, P_g in p_s (S_g no longer needed)
.sem al       # ACT -> POOL: +1 per step, alpha_g (and rs_g)
.sem tp       # PE -> ACT:   +1 per step, P_g^T in pT_ps
.sem ptc      # ACT -> PE:   +1 per step, P_g^T in pT_s
.sem pv       # PE -> DVE:   +1 per step, P_g V_j in pv_ps
.sem sc       # POOL -> DVE: +1 per step, O *= alpha_g done
.sem oadd     # DVE -> POOL: +1 per step, O += P_g V_j done
.sem fin      # POOL -> SP:  +1 per query block, its rows of out in o_out

# Every engine walks the steps with g in r1, (i, j) of step g in (r2, r3),
# and loops while g < r11. next_step E: on to step g + 1, which is (i, j + 1),
# or (i + 1, 0) after the diagonal j = i; then back to E_loop.
.macro next_step e
    \e.addi r3, r3, 1
    \e.bge r2, r3, \e\()_same      # j <= i: same query block
    \e.addi r2, r2, 1
    \e.li r3, 0
\e\()_same:
    \e.addi r1, r1, 1
    \e.blt r1, r11, \e\()_loop
.endm

#===-- SP: loads, then one store per query block -------------------------===#
# Q[128 b + p, e] -> q_s[p, b, e]: 128 rows HD elements apart, blocks of
# them 128 HD elements apart. Two loads per tensor, all six at once: the
# first quarter of the blocks is what the first steps need, and, sharing
# the bandwidth equally with the larger second loads, it lands first
# (in about 60% of the time all of it takes). load T, B0, B1, QUEUE, SEM:
# blocks B0 .. B1 - 1 of tensor T into T_s.
.macro load t, b0, b1, queue, sem
    sp.dma_copy \t\()_s[:, \b0:\b1, :], ap(hbm bf16, [HD, 128], addr(\t) + \b0 * 128 * HD * 2, [128 * HD, \b1 - \b0], [1, HD]), \queue signal(\sem, 16)
.endm
    load k, 0, NA, q0.0, lda
    load q, 0, NA, q1.0, lda
    load v, 0, NA, q2.0, lda
    load k, NA, NB, q5.0, ldb
    load q, NA, NB, q6.0, ldb
    load v, NA, NB, q7.0, ldb
# Query blocks two at a time, on two queues, so that a store does not wait
# behind the previous one's fixed latency.
    sp.li r1, 0                 # 128 i HD: row offset of block i in out
    sp.li r2, 0                 # i HD: offset of block i in o_out
    sp.li r3, 1                 # fin >= i + 1
    sp.li r9, S * HD
sp_store:
    .irp q, 3, 4
    sp.dma_copy out[0:128, :] + r1, o_out[:, 0, :] + r2, q\q.0 wait(fin >= r3)
    sp.addi r1, r1, 128 * HD
    sp.addi r2, r2, HD
    sp.addi r3, r3, 1
    .endr
    sp.blt r1, r9, sp_store

#===-- PE -----------------------------------------------------------------===#
# K^T and Q^T of block 0 (the others are transposed in the loop, a query
# block ahead of their first use): [128 s, 128 e] -> [128 e, 128 s], exact.
    pe.transpose xT_ps[:, 0, 0, :], k_s[:, 0, :] wait(lda >= 48)
    pe.transpose xT_ps[:, 0, 1, :], q_s[:, 0, :] signal(xt)

# The step loop. Registers: r1 = g; (r2, r3) = (i, j) of step g,
# (r4, r5) of g - 1, (r6, r7) of g - 2, (r8, r9) of g - 3.
    pe.li r1, 0
    pe.li r2, 0
    pe.li r3, 0
    pe.li r4, 0
    pe.li r5, 0
    pe.li r6, 0
    pe.li r7, 0
    pe.li r8, 0
    pe.li r9, 0
    pe.li r10, NS
    pe.li r11, NS + 4           # iterations: the last step's P V runs four later
    pe.li r15, 0
    pe.li r16, 0
    pe.li r31, NS + 3
    pe.li r32, 4
    pe.li r12, 3
    pe.li r13, NB - 1
    pe.li r14, NA
    pe.li r60, 0
pe_loop:
    pe.bge r1, r10, pe_tail
    # S_g = Q_i K_j^T: stationary Q_i^T, moving K_j^T, once DVE has copied
    # block i's transposes (xtc >= i + 1).
    pe.addi r20, r1, -3         # s_ps slot free: ex >= g - 3
    pe.andi r21, r1, 3
    pe.muli r21, r21, 128
    pe.muli r22, r2, 256
    pe.muli r23, r3, 256
    pe.addi r24, r2, 1
    matmul s_ps[:, 0, :] + r21, xT_s[:, 0, 1, :] + r22, xT_s[:, 0, 0, :] + r23 wait(ex >= r20, xtc >= r24) signal(smm)
    # First step of query block i: transpose K and Q of block i + 1 into
    # xT_ps slot (i + 1) & 1, free once block i - 1 was copied (xtc >= i).
    # From block NA on, they come from the second loads (ldb >= 48, which
    # covers V's blocks too: P V with block j follows S with block i >= j).
    pe.bne r3, r60, pe_tail
    pe.bge r2, r13, pe_tail
    pe.andi r25, r24, 1
    pe.muli r25, r25, 256
    pe.muli r26, r24, HD
    pe.li r27, 0
    pe.blt r24, r14, pe_first
    pe.li r27, 48
pe_first:
    pe.transpose xT_ps[:, 0, 0, :] + r25, k_s[:, 0, :] + r26 wait(xtc >= r2, ldb >= r27)
    pe.transpose xT_ps[:, 0, 1, :] + r25, q_s[:, 0, :] + r26 signal(xt)
pe_tail:
    pe.blt r1, r12, pe_next
    pe.bge r1, r31, pe_pv       # no step g - 3 left to transpose
    # Step g - 3: P^T into PSUM.
    pe.addi r24, r1, -3
    pe.andi r25, r24, 3
    pe.muli r25, r25, 128       # slot of step g - 3
    pe.addi r26, r1, -2         # ex >= g - 2: P ready
    pe.addi r27, r1, -6         # ptc >= g - 6: slot released by step g - 7
    pe.transpose pT_ps[:, 0, :] + r25, p_s[:, 0, :] + r25 wait(ex >= r26, ptc >= r27) signal(tp)
pe_pv:
    # Step g - 4: (P^T)^T V_j = P V_j, a step after its transpose, so
    # that ACT's copy of P^T to SBUF (and its hand-offs) has a whole
    # iteration to land.
    pe.blt r1, r32, pe_next
    pe.addi r33, r1, -4
    pe.andi r33, r33, 3
    pe.muli r33, r33, 128       # slot of step g - 4
    pe.addi r34, r1, -3         # ptc >= g - 3: P^T of step g - 4 in SBUF
    pe.addi r35, r1, -7         # oadd >= g - 7: pv_ps slot released by step g - 8
    pe.muli r28, r16, HD        # V block j
    matmul pv_ps[:, 0, :] + r33, pT_s[:, 0, :] + r33, v_s[:, 0, :] + r28 wait(ptc >= r34, oadd >= r35) signal(pv)
pe_next:
    pe.mov r15, r8
    pe.mov r16, r9
    pe.mov r8, r6
    pe.mov r9, r7
    pe.mov r6, r4
    pe.mov r7, r5
    pe.mov r4, r2
    pe.mov r5, r3
    next_step pe

#===-- DVE ----------------------------------------------------------------===#
    dve.tensor_copy xT_s[:, 0, :, :], xT_ps[:, 0, :, :] wait(xt >= 1) signal(xtc)
    dve.li r1, 0
    dve.li r2, 0
    dve.li r3, 0
    dve.li r4, 0
    dve.li r5, 0
    dve.li r6, 0
    dve.li r7, 0
    dve.li r8, 0
    dve.li r9, 0
    dve.li r10, NS
    dve.li r11, NS + 3
    dve.li r12, 3
    dve.li r13, 0               # 1 while the max of a diagonal block is pending
    dve.li r14, NB - 1
    dve.li r60, 0
    dve.nop wait(msk >= 1)
dve_loop:
    dve.bge r1, r10, dve_tail
    dve.addi r20, r1, 1         # smm >= g + 1: S_g is in PSUM
    dve.addi r21, r1, -3        # mblk slot free: nmu >= g - 3
    dve.andi r23, r1, 3
    dve.muli r22, r23, 128
    dve.bne r2, r3, dve_offdiag
    # Diagonal block: S + mask into SBUF (s_sb by i & 1; ACT's exp of the
    # diagonal two blocks back read it, at step g - 2 or earlier: ex >= g - 1).
    # Its max comes after the O update below: right after the add, it
    # would pay the 100-cycle overhead of a dependent DVE instruction.
    dve.andi r24, r2, 1
    dve.muli r24, r24, 128
    dve.addi r25, r1, -1
    dve.tensor_tensor s_sb[:, 0, :] + r24, s_ps[:, 0, :] + r22, mask, add wait(smm >= r20, ex >= r25)
    dve.li r13, 1
    dve.jmp dve_tail
dve_offdiag:
    tensor_reduce mblk[:, 0:1] + r23, s_ps[:, 0, :] + r22, maximum wait(smm >= r20, nmu >= r21) signal(red)
dve_tail:
    dve.blt r1, r12, dve_next
    # Step g - 3: O += P V_j, once POOL has rescaled O (sc) and PE has
    # produced P V_j (pv).
    dve.addi r26, r1, -2        # pv >= g - 2, sc >= g - 2
    dve.addi r27, r1, -3
    dve.andi r27, r27, 3
    dve.muli r27, r27, 128
    dve.andi r28, r8, 3
    dve.muli r28, r28, HD
    dve.tensor_tensor o_acc[:, 0, :] + r28, o_acc[:, 0, :] + r28, pv_ps[:, 0, :] + r27, add wait(pv >= r26, sc >= r26) signal(oadd)
dve_next:
    dve.beq r13, r60, dve_prefetch
    tensor_reduce mblk[:, 0:1] + r23, s_sb[:, 0, :] + r24, maximum wait(nmu >= r21) signal(red)
    dve.li r13, 0
dve_prefetch:
    # First step of query block i: copy K^T and Q^T of block i + 1, which PE
    # has just transposed (xt >= i + 2). tensor_scalar x 1.0 rather than
    # tensor_copy: with a register offset, tensor_copy is NKI's
    # tensor_copy_dynamic (600 cycles, 300 in the bf16 2x mode); this
    # costs 128 and is exact (x * 1.0 = x, and a bf16 value rounds to
    # itself).
    dve.bge r1, r10, dve_advance
    dve.bne r3, r60, dve_advance
    dve.bge r2, r14, dve_advance
    dve.addi r29, r2, 1
    dve.andi r30, r29, 1
    dve.muli r30, r30, 256
    dve.muli r31, r29, 256
    dve.addi r29, r2, 2
    dve.tensor_scalar xT_s[:, 0, :, :] + r31, xT_ps[:, 0, :, :] + r30, multiply, 1.0 wait(xt >= r29) signal(xtc)
dve_advance:
    dve.mov r8, r6
    dve.mov r9, r7
    dve.mov r6, r4
    dve.mov r7, r5
    dve.mov r4, r2
    dve.mov r5, r3
    next_step dve

#===-- ACT ----------------------------------------------------------------===#
# First exp(-inf) = 0 into alpha slot 0 (step 0 rewrites it): ScalarE loads
# the exp table set (1.28 us on trn2) while the loads are in flight, rather
# than in front of step 0's exp. nm slot 4 holds +inf once POOL has built
# the mask (msk).
    act.activation alpha[:, 0:1], nm[:, 4:5], exp, scale=-1.0 wait(msk >= 1)
    act.li r1, 0
    act.li r2, 0
    act.li r3, 0
    act.li r4, 0
    act.li r5, 0
    act.li r10, NS
    act.li r11, NS + 1
    act.li r12, 1
    act.li r60, 0
act_loop:
    act.bge r1, r10, act_tail
    act.addi r20, r1, 1         # nmu >= g + 1: nm_g is ready
    act.addi r21, r1, -3        # p_s slot free: tp >= g - 3
    act.andi r23, r1, 3
    act.muli r22, r23, 128
    # The running max before this step: nm slot (g - 1) & 3, or +inf (slot
    # 4) for the first key block of a query block.
    act.li r24, 4
    act.beq r3, r60, act_prev
    act.addi r24, r1, -1
    act.andi r24, r24, 3
act_prev:
    act.bne r2, r3, act_offdiag
    act.andi r25, r2, 1
    act.muli r25, r25, 128
    activation p_s[:, 0, :] + r22, s_sb[:, 0, :] + r25, exp, scale=0.08838834764831845, bias=nm[:, 0:1] + r23, accum=rs[:, 0:1] + r23 wait(nmu >= r20, tp >= r21) signal(ex)
    act.jmp act_alpha
act_offdiag:
    activation p_s[:, 0, :] + r22, s_ps[:, 0, :] + r22, exp, scale=0.08838834764831845, bias=nm[:, 0:1] + r23, accum=rs[:, 0:1] + r23 wait(nmu >= r20, tp >= r21) signal(ex)
act_alpha:
    # alpha = exp(-nm_old + nm_new) = exp(c (m_old - m_new))
    activation alpha[:, 0:1] + r23, nm[:, 0:1] + r24, exp, scale=-1.0, bias=nm[:, 0:1] + r23 signal(al)
act_tail:
    act.blt r1, r12, act_next
    # Step g - 1: P^T from PSUM to SBUF (activation copy: bf16 -> fp32 ->
    # bf16 is exact, and unlike tensor_copy it costs nothing extra for
    # the register offset).
    act.addi r26, r1, -1
    act.andi r26, r26, 3
    act.muli r26, r26, 128
    act.addi r27, r1, -4        # pT_s slot free: pv >= g - 4
    activation pT_s[:, 0, :] + r26, pT_ps[:, 0, :] + r26, copy wait(tp >= r1, pv >= r27) signal(ptc)
act_next:
    act.mov r4, r2
    act.mov r5, r3
    next_step act

#===-- POOL ---------------------------------------------------------------===#
# The causal mask of a diagonal block, once: keep (0) where p - c >= 0.
    pool.memset mask, 0.0
    affine_select mask, mask, greater_equal, 0, [-1], -inf, partition_mult=1
    pool.memset nm[:, 4:5], inf signal(msk)
# O and l: zero once. A query block's first alpha is exp(-inf) = 0, so
# its first step computes O = O * 0 + P V and l = l * 0 + rs: whatever
# finite values the buffers hold from block i - 4 are wiped without a memset.
    pool.memset o_acc, 0.0
    pool.memset l, 0.0
# Registers: r1 = g; (r2, r3) = (i, j) of step g, (r4, r5) of g - 1,
# (r6, r7) of g - 2, (r8, r9) of g - 3, (r15, r16) of g - 4.
    pool.li r1, 0
    pool.li r2, 0
    pool.li r3, 0
    pool.li r4, 0
    pool.li r5, 0
    pool.li r6, 0
    pool.li r7, 0
    pool.li r8, 0
    pool.li r9, 0
    pool.li r15, 0
    pool.li r16, 0
    pool.li r10, NS
    pool.li r11, NS + 4
    pool.li r12, 2
    pool.li r13, 4
    pool.li r14, NS + 2
    pool.li r60, 0
pool_loop:
    # If step g - 4 was a diagonal, query block i(g - 4) is complete once
    # DVE has added its last P V (oadd >= g - 3): out = O / l.
    pool.blt r1, r13, pool_init
    pool.bne r15, r16, pool_init
    pool.addi r20, r1, -3
    pool.andi r21, r15, 3
    pool.muli r22, r21, HD
    pool.muli r23, r15, HD
    pool.tensor_scalar o_out[:, 0, :] + r23, o_acc[:, 0, :] + r22, divide, l[:, 0:1] + r21 wait(oadd >= r20) signal(fin)
pool_init:
    pool.bge r1, r10, pool_tail
    # nm_g = min(-c mblk_g, nm before the step)
    pool.addi r26, r1, 1        # red >= g + 1
    pool.addi r27, r1, -2       # nm slot free: al >= g - 2 (alpha of step g - 3 read it)
    pool.andi r28, r1, 3
    pool.li r29, 4
    pool.beq r3, r60, pool_prev
    pool.addi r29, r1, -1
    pool.andi r29, r29, 3
pool_prev:
    pool.tensor_scalar nm[:, 0:1] + r28, mblk[:, 0:1] + r28, multiply, -0.08838834764831845, op1=minimum, operand1=nm[:, 0:1] + r29 wait(red >= r26, al >= r27) signal(nmu)
pool_tail:
    pool.blt r1, r12, pool_next
    pool.bge r1, r14, pool_next
    # Step g - 2: l = l alpha + rs, O = O alpha (after the previous O += P V).
    pool.addi r30, r1, -2
    pool.andi r30, r30, 3
    pool.andi r31, r6, 3
    pool.muli r32, r31, HD
    pool.addi r33, r1, -1       # al >= g - 1
    pool.tensor_scalar l[:, 0:1] + r31, l[:, 0:1] + r31, multiply, alpha[:, 0:1] + r30, op1=add, operand1=rs[:, 0:1] + r30 wait(al >= r33)
    pool.addi r33, r1, -2       # oadd >= g - 2: O += P V of step g - 3 done
    pool.tensor_scalar o_acc[:, 0, :] + r32, o_acc[:, 0, :] + r32, multiply, alpha[:, 0:1] + r30 wait(oadd >= r33) signal(sc)
pool_next:
    pool.mov r15, r8
    pool.mov r16, r9
    pool.mov r8, r6
    pool.mov r9, r7
    pool.mov r6, r4
    pool.mov r7, r5
    pool.mov r4, r2
    pool.mov r5, r3
    next_step pool
