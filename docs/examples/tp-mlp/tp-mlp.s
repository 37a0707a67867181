# A tensor-parallel MLP block on the 8 NeuronCores of a trn2 chip:
#
#   y = GELU_tanh(x . W1) . W2
#
#   x  : bf16 [T = 512 tokens, D = 512]        shared (every core reads all of it)
#   W1 : bf16 [D = 512, H = 4096]              shared (core k reads its 512 columns)
#   W2 : bf16 [H = 4096, D = 512]              shared (core k reads its 512 rows)
#   y  : fp32 [T, D]                           shared (core k writes its 64 rows)
#
# Run it with `trn-emu --system trn2-chip` (the program expects 8 cores).
#
# Megatron's split: core k owns hidden columns HL k .. HL (k + 1) - 1
# (HL = H / 8 = 512), i.e. W1's columns and W2's rows of that range, and
# computes the fp32 partial
#
#   y_k = GELU(x . W1[:, k slice]) . W2[k slice, :]
#
# with the single-core kernel's layout (docs/examples/mlp/mlp.s, H = 512
# there): x transposed on PE, h^T kept in SBUF in bf16, y_k accumulated in
# PSUM. GELU is elementwise, so the hidden columns are independent and
# y = y_0 + ... + y_7. The sum is a reduce-scatter through shared HBM:
#
#   1. core k stores y_k into parts[k] (shared scratch, fp32 [8, T, D]);
#   2. barrier of the 8 cores: once all its stores have completed, core k
#      adds 1 to semaphore `arrived` of each of the 7 other cores
#      (sem_signal_core, 1600 ns to land) and waits for arrived >= 7;
#   3. core k loads rows RT k .. RT (k + 1) - 1 (RT = T / 8 = 64) of the 8
#      partials and sums them in core order, in fp32:
#        y = ((((((y_0 + y_1) + y_2) + y_3) + y_4) + y_5) + y_6) + y_7
#      then stores them into y. Every element is summed in that order,
#      whichever core sums it, so the result does not depend on timing.
#
# The 64 rows of a core (64 x 512 fp32, contiguous in HBM) are seen as
# [128 partitions, 256]: partition p holds row RT k + p / 2, columns
# 256 (p & 1) ..; all 128 lanes of DVE add, each over 256 elements.
#
# Streams (every hand-over is a semaphore; DMA completions count +16):
#   SP   loads x, W1's slice (2 column halves, 2 queues), W2's slice; stores
#        the even partial tiles; the barrier; the reduction's loads (two
#        halves of 4 partials, one queue) and the store of y's rows
#   POOL stores the odd partial tiles
#   PE   16 transposes x -> x^T, 16 matmuls of phase 1, 32 of phase 2
#   DVE  evacuates x^T (4 copies); the 7 adds of the reduction
#   ACT  loads the GELU table, 4 GELUs (phase 1), 8 evacuations of y_k

.chip trn2
.const NC = 8            # cores
.const T  = 512
.const D  = 512
.const H  = 4096
.const HL = H / NC       # 512 hidden columns per core
.const DT = D / 128      # 4 contraction tiles of phase 1
.const HT = HL / 128     # 4 hidden tiles per core: phase 1 outputs, phase 2 contraction tiles
.const TT = T / 128      # 4 token tiles
.const RT = T / NC       # 64 rows of y summed by each core

.tensor x     : bf16[T, D] input shared
.tensor w1    : bf16[D, H] input shared
.tensor w2    : bf16[H, D] input shared
.tensor parts : fp32[NC, T, D] scratch shared   # parts[k] = y_k
.tensor y     : fp32[T, D] output shared

# SBUF (per partition: 4 + 4 + 4 + 4 + 4 + 8 + 8 + 1 KiB)
.sbuf x_s   : bf16[128, TT, D]     # x_s[p, tt, d]   = x[128 tt + p, d]
.sbuf xT_s  : bf16[128, DT, T]     # xT_s[p, dt, t]  = x[t, 128 dt + p]
.sbuf w1_s  : bf16[128, DT, HL]    # w1_s[p, dt, h]  = W1[128 dt + p, HL k + h]
.sbuf w2_s  : bf16[128, HT, D]     # w2_s[p, ht, d]  = W2[HL k + 128 ht + p, d]
.sbuf hT_s  : bf16[128, HT, T]     # hT_s[p, ht, t]  = h[t, HL k + 128 ht + p]
.sbuf y_s   : fp32[128, TT, D]     # y_s[p, tt, d]   = y_k[128 tt + p, d]
.sbuf red_s : fp32[128, NC, 256]   # red_s[p, j, c]  = y_j[RT k + p / 2, 256 (p & 1) + c]
.sbuf out_s : fp32[128, 256]       # out_s[p, c]     = y[RT k + p / 2, 256 (p & 1) + c]
.sbuf warm  : fp32[128, 1]         # the GELU table's warm-up

# PSUM: 8 banks of [128 x 2 KiB]
.psum xT_ps  : bf16[128, DT, T] bank 0   # banks 0-1: x^T, one 1 KiB region per dt
.psum hT_ps  : fp32[128, 2, T] bank 2    # banks 2-3: h^T tile, double-buffered
.psum y_ps   : fp32[128, 4, 256] bank 4  # banks 4-5: four [128, 256] y_k tiles in flight
.psum acc_ps : fp32[128, 256] bank 6     # the reduction's running sum

.sem x_ld     # +16: all of x in SBUF
.sem w1a_ld   # +16: W1 slice columns 0..255 (hidden tiles 0-1)
.sem w1b_ld   # +16: W1 slice columns 256..511 (hidden tiles 2-3)
.sem w2_ld    # +16: W2 slice
.sem tr       # PE -> DVE: +1 per dt, its 4 transposes are in xT_ps
.sem xcp      # DVE -> PE: +1 per dt, x^T tile in SBUF
.sem mm1      # PE -> ACT: +1 per hidden tile accumulated in hT_ps
.sem gelu     # ACT -> PE: +1 per hidden tile in hT_s (and its hT_ps bank free)
.sem mm2      # PE -> ACT: +1 per output tile accumulated in y_ps
.sem ev       # ACT -> SP, POOL, PE: +1 per output tile in y_s (and its y_ps slot free)
.sem st       # +16 per partial tile stored into parts[k] (SP and POOL)
.sem arrived  # +1 from each other core: its partial is in parts (sem_signal_core)
.sem red_ld   # +16 per half (4 partials) of the reduction's rows in red_s
.sem sum      # DVE -> SP: y's rows of this core are in out_s
.sem wz       # DVE -> ACT: warm is set

#===-- SP: the loads -----------------------------------------------------===#
# As in mlp.s: x first, in one transfer; W1's first column half beside it
# (phase 1 needs both), the second half once x has landed, W2 once the first
# half of W1 has, so that neither takes bandwidth from what PE waits for.
# Core k's slices are register offsets, in elements: its first column of
# W1 is HL k, its first row of W2 starts HL k D elements in.
    sp.core_id r20
    sp.muli r21, r20, HL            # W1: first column of this core's slice
    sp.muli r22, r20, HL * D        # W2: first element of this core's rows
    sp.dma_copy x_s, ap(hbm bf16, [D, 128], addr(x), [128 * D, TT], [1, D]), q0.0 signal(x_ld, 16)
    # W1[128 dt + p, HL k + 256 half + c] -> w1_s[p, dt, 256 half + c]
    sp.dma_copy w1_s[:, :, 0:256], ap(hbm bf16, [H, 128], addr(w1), [128 * H, DT], [1, 256]) + r21, q4.0 signal(w1a_ld, 16)
    sp.dma_copy w1_s[:, :, 256:512], ap(hbm bf16, [H, 128], addr(w1) + 256 * 2, [128 * H, DT], [1, 256]) + r21, q5.0 wait(x_ld >= 16) signal(w1b_ld, 16)
    # W2[HL k + 128 ht + p, d] -> w2_s[p, ht, d]
    sp.dma_copy w2_s, ap(hbm bf16, [D, 128], addr(w2), [128 * D, HT], [1, D]) + r22, q6.0 wait(w1a_ld >= 16) signal(w2_ld, 16)

#===-- SP and POOL: the partial tiles into parts[k] -----------------------===#
# Output tile o = (tt, half) = (o / 2, o & 1) of y_k, [128 tokens, 256
# columns], goes to parts[k, 128 tt .., 256 half ..] on queue q(8 + o).0
# once ACT has copied it out of PSUM. SP stores the even tiles, POOL the
# odd ones: on trn2 a DMA instruction costs its engine 600 ns, more than PE
# takes for a tile (4 matmuls of 107 ns), so one engine could not keep up.
.macro store_partials e, first
    \e.core_id r20
    \e.muli r23, r20, T * D         # parts[k]: first element
    \e.li r1, \first                # o
    \e.li r9, 2 * TT
store\@:
    \e.addi r2, r1, 1               # ev >= o + 1
    \e.muli r4, r1, 256             # y_s offset: 512 tt + 256 half = 256 o
    \e.shri r6, r1, 1
    \e.muli r6, r6, 128 * D         # parts offset: T D k + 128 D tt + 256 half
    \e.andi r7, r1, 1
    \e.muli r7, r7, 256
    \e.add r6, r6, r7
    \e.add r6, r6, r23
    \e.muli r5, r1, 16
    \e.addi r5, r5, 128             # queue q(8 + o).0
    \e.dma_copy parts[0, 0:128, 0:256] + r6, y_s[:, 0, 0:256] + r4, r5 wait(ev >= r2) signal(st, 16)
    \e.addi r1, r1, 2
    \e.blt r1, r9, store\@
.endm
    store_partials sp, 0
    store_partials pool, 1

#===-- SP: the barrier of the 8 cores ------------------------------------===#
# When all 8 of this core's partial tiles have landed in parts[k] (st's
# signals arrive 300 ns after each completion), tell the 7 other cores:
# core k signals k + 1, ..., k + 7 (mod 8). Each update lands 1600 ns after
# its sem_signal_core. A core passes the barrier when all 7 others have
# signalled it: by then all 8 partials are in HBM.
    sp.nop wait(st >= 16 * 2 * TT)
    sp.li r1, 1
    sp.li r9, NC
barrier:
    sp.add r2, r20, r1
    sp.andi r2, r2, NC - 1
    sp.sem_signal_core arrived, 1, r2
    sp.addi r1, r1, 1
    sp.blt r1, r9, barrier

#===-- SP: the reduction's loads and the store of y -----------------------===#
# Rows RT k .. RT k + 63 of y_j, RT D contiguous elements at T D j + RT D k,
# as [128, 256] (partition p at 256 p): partials 0-3 in one transfer, 4-7
# in a second on the same queue, which completes in order, so DVE adds the
# first four while the last four are still in flight.
    sp.muli r24, r20, RT * D        # this core's rows: first element
    sp.dma_copy red_s[:, 0:4, :], ap(hbm fp32, [256, 128], addr(parts), [T * D, 4], [1, 256]) + r24, q1.0 wait(arrived >= NC - 1) signal(red_ld, 16)
    sp.dma_copy red_s[:, 4:8, :], ap(hbm fp32, [256, 128], addr(parts) + 4 * T * D * 4, [T * D, 4], [1, 256]) + r24, q1.0 signal(red_ld, 16)
    sp.dma_copy ap(hbm fp32, [256, 128], addr(y), [1, 256]) + r24, out_s, q2.0 wait(sum >= 1)

#===-- PE -----------------------------------------------------------------===#
# x^T, exactly as mlp.s: for each dt, the [128 t, 128 d] blocks of the 4
# token tiles go to xT_ps[:, dt, 128 tt ..].
    pe.li r1, 0                 # 128 dt: column offset in x_s
    pe.li r2, 0                 # 512 dt: offset of the dt region in xT_ps
    pe.li r3, D
xpose:
    pe.transpose xT_ps[:, 0, 0:128] + r2, x_s[:, 0, 0:128] + r1 wait(x_ld >= 16)
    pe.transpose xT_ps[:, 0, 128:256] + r2, x_s[:, 1, 0:128] + r1
    pe.transpose xT_ps[:, 0, 256:384] + r2, x_s[:, 2, 0:128] + r1
    pe.transpose xT_ps[:, 0, 384:512] + r2, x_s[:, 3, 0:128] + r1 signal(tr)
    pe.addi r1, r1, 128
    pe.addi r2, r2, T
    pe.blt r1, r3, xpose

# Phase 1: hT_ps[ht & 1] = sum over dt of W1_k[dt, ht]^T . x^T[dt] for the
# core's 4 hidden tiles. The bank ht & 1 is free once ACT has applied GELU
# to tile ht - 2 (gelu >= ht - 1). Hidden tiles 0-1 are in W1's first half,
# 2-3 in its second (w1b_ld >= 16 (ht / 2)).
    pe.nop wait(xcp >= 1)
    pe.li r1, 0                 # ht
    pe.li r9, HT
phase1:
    pe.addi r5, r1, -1          # gelu >= ht - 1
    pe.shri r6, r1, 1
    pe.muli r6, r6, 16          # w1b_ld >= 16 (ht / 2)
    pe.andi r2, r1, 1
    pe.muli r2, r2, T           # PSUM slot offset, elements
    pe.muli r3, r1, 128         # W1 column offset of the hidden tile
    pe.nop wait(gelu >= r5)
    matmul hT_ps[:, 0, :] + r2, w1_s[:, 0, 0:128] + r3, xT_s[:, 0, :], acc=overwrite wait(w1a_ld >= 16, w1b_ld >= r6)
    matmul hT_ps[:, 0, :] + r2, w1_s[:, 1, 0:128] + r3, xT_s[:, 1, :], acc=accumulate wait(xcp >= 2)
    matmul hT_ps[:, 0, :] + r2, w1_s[:, 2, 0:128] + r3, xT_s[:, 2, :], acc=accumulate wait(xcp >= 3)
    matmul hT_ps[:, 0, :] + r2, w1_s[:, 3, 0:128] + r3, xT_s[:, 3, :], acc=accumulate wait(xcp >= 4) signal(mm1)
    pe.addi r1, r1, 1
    pe.blt r1, r9, phase1

# Phase 2, 8 output tiles o = (tt, half) of y_k: y_ps[o & 3] = sum over the
# core's 4 hidden tiles ht of h^T[ht, tt]^T . W2_k[ht, 256 half ..]. The
# slot is free once ACT has evacuated tile o - 4 (ev >= o - 3); hidden tile
# ht must have been through GELU (gelu >= ht + 1).
    pe.li r1, 0                 # o
    pe.li r9, 2 * TT
phase2:
    pe.addi r5, r1, -3          # ev >= o - 3
    pe.andi r2, r1, 3
    pe.muli r2, r2, 256         # PSUM slot offset
    pe.shri r3, r1, 1
    pe.muli r3, r3, 128         # h^T column offset of the token tile
    pe.andi r6, r1, 1
    pe.muli r6, r6, 256         # W2 column offset of the half
    matmul y_ps[:, 0, :] + r2, hT_s[:, 0, 0:128] + r3, w2_s[:, 0, 0:256] + r6, acc=overwrite wait(ev >= r5, w2_ld >= 16)
    pe.li r4, 1                 # ht
    pe.li r8, HT
hidden:
    pe.addi r3, r3, T           # the next hidden tile: 512 elements on in hT_s
    pe.addi r6, r6, D           # and in w2_s
    pe.addi r7, r4, 1           # gelu >= ht + 1
    matmul y_ps[:, 0, :] + r2, hT_s[:, 0, 0:128] + r3, w2_s[:, 0, 0:256] + r6, acc=accumulate wait(gelu >= r7)
    pe.addi r4, r4, 1
    pe.blt r4, r8, hidden
    pe.sem_signal mm2, 1        # after the fourth matmul has completed
    pe.addi r1, r1, 1
    pe.blt r1, r9, phase2

#===-- DVE: x^T from PSUM to SBUF; the reduction ---------------------------===#
    dve.memset warm, 0.0 signal(wz)
    .irp dt, 0, 1, 2, 3
    dve.tensor_copy xT_s[:, \dt, :], xT_ps[:, \dt, :] wait(tr >= \dt + 1) signal(xcp)
    .endr
# y's rows = y_0 + y_1 + ... + y_7, left to right, in fp32. The running sum
# stays in PSUM: with one input in PSUM an fp32 add costs N cycles rather
# than 2N (both in SBUF), 267 ns instead of 533 for N = 256. The first add
# has both inputs in SBUF; the last writes SBUF for the store.
    dve.tensor_tensor acc_ps, red_s[:, 0, :], red_s[:, 1, :], add wait(red_ld >= 16)
    .irp j, 2, 3
    dve.tensor_tensor acc_ps, acc_ps, red_s[:, \j, :], add
    .endr
    dve.tensor_tensor acc_ps, acc_ps, red_s[:, 4, :], add wait(red_ld >= 32)
    .irp j, 5, 6
    dve.tensor_tensor acc_ps, acc_ps, red_s[:, \j, :], add
    .endr
    dve.tensor_tensor out_s, acc_ps, red_s[:, 7, :], add signal(sum)

#===-- ACT: GELU of each hidden tile, then the evacuation of y_k -----------===#
    act.activation warm, warm, gelu_apprx_tanh wait(wz >= 1)
    act.li r1, 0                # ht
    act.li r9, HT
gelu_loop:
    act.addi r2, r1, 1          # mm1 >= ht + 1
    act.andi r3, r1, 1
    act.muli r3, r3, T          # PSUM slot offset
    act.muli r4, r1, T          # hT_s offset of the hidden tile
    activation hT_s[:, 0, :] + r4, hT_ps[:, 0, :] + r3, gelu_apprx_tanh wait(mm1 >= r2) signal(gelu)
    act.addi r1, r1, 1
    act.blt r1, r9, gelu_loop

    act.li r1, 0                # o
    act.li r9, 2 * TT
evac:
    act.addi r2, r1, 1          # mm2 >= o + 1
    act.andi r3, r1, 3
    act.muli r3, r3, 256        # PSUM slot offset
    act.muli r4, r1, 256        # y_s offset of (tt, half): 512 tt + 256 half
    activation y_s[:, 0, 0:256] + r4, y_ps[:, 0, :] + r3, copy wait(mm2 >= r2) signal(ev)
    act.addi r1, r1, 1
    act.blt r1, r9, evac
