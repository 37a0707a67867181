# A fused MLP block: y = GELU_tanh(x . W1) . W2
#
#   x  : bf16 [T = 512 tokens, D = 512]
#   W1 : bf16 [D = 512, H = 1024]
#   W2 : bf16 [H = 1024, D = 512]
#   y  : fp32 [T, D]
#
# fp32 accumulation in PSUM; the hidden activation h never leaves the chip:
# it is kept in SBUF, transposed and in bf16. README.md explains the layout,
# the tiling and the overlap; this file says what each stream does.
#
# Layout. TensorE contracts over partitions: dst[M, N] = stat[K, M]^T . mov[K, N].
#   phase 1  h^T[H, T] = W1^T . x^T: for each hidden tile ht (8 of 128 rows of
#            h^T), 4 matmuls over the D-tiles dt accumulate in one PSUM bank
#            hT_ps [128 hidden, 512 tokens]:
#              stat = W1[dt tile, ht tile]  [128 d, 128 h]  (W1 as stored)
#              mov  = x^T[dt tile, :]       [128 d, 512 t]  (x transposed on PE)
#            ACT then applies gelu_apprx_tanh PSUM -> SBUF, bf16: h^T tile ht.
#   phase 2  y[T, D] = h . W2: for each output tile (tt, half) of y, 128
#            tokens by 256 columns (8 tiles), 8 matmuls over the hidden
#            tiles accumulate in one PSUM slot y_ps [128 tokens, 256 d]:
#              stat = h^T[ht tile, tt tile] [128 h, 128 t]  (what phase 1 made)
#              mov  = W2[ht tile, half]     [128 h, 256 d]  (W2 as stored)
#            ACT copies the slot to SBUF and stores the tile.
#   Only x needs transposing: 16 PE transposes of [128 t, 128 d] blocks.
#
# Streams (every hand-over is a semaphore; DMA completions count +16):
#   SP   loads x (one transfer), W1 (4 column quarters, 2 queues) and W2
#        (2 row halves, 2 queues)
#   PE   16 transposes x -> x^T (PSUM, bf16), 32 matmuls of phase 1, 64 of
#        phase 2
#   DVE  evacuates x^T from PSUM (4 copies)
#   ACT  loads the GELU table (a one-element GELU at the start), 8 GELUs
#        (phase 1), 8 evacuations of y and their stores (phase 2, 8 queues)
# PSUM is double-buffered (two banks for h^T tiles, four slots for y
# tiles), so PE fills one while ACT drains another.

.chip trn2
.const T  = 512
.const D  = 512
.const H  = 1024
.const DT = D / 128      # 4 contraction tiles of phase 1
.const HT = H / 128      # 8 hidden tiles: phase 1 outputs, phase 2 contraction tiles
.const TT = T / 128      # 4 token tiles

.tensor x  : bf16[T, D] input
.tensor w1 : bf16[D, H] input
.tensor w2 : bf16[H, D] input
.tensor y  : fp32[T, D] output

# SBUF (per partition: 4 + 4 + 8 + 8 + 8 + 8 KiB; everything fits at once)
.sbuf x_s  : bf16[128, TT, D]     # x_s[p, tt, d]  = x[128 tt + p, d]
.sbuf xT_s : bf16[128, DT, T]     # xT_s[p, dt, t] = x[t, 128 dt + p]
.sbuf w1_s : bf16[128, DT, H]     # w1_s[p, dt, h] = W1[128 dt + p, h]
.sbuf w2_s : bf16[128, HT, D]     # w2_s[p, ht, d] = W2[128 ht + p, d]
.sbuf hT_s : bf16[128, HT, T]     # hT_s[p, ht, t] = h[t, 128 ht + p]
.sbuf y_s  : fp32[128, TT, D]     # y_s[p, tt, d]  = y[128 tt + p, d]
.sbuf warm : fp32[128, 1]         # the GELU table's warm-up

# PSUM: 8 banks of [128 x 2 KiB]
.psum xT_ps : bf16[128, DT, T] bank 0   # banks 0-1: x^T, one 1 KiB region per dt
.psum hT_ps : fp32[128, 2, T] bank 2    # banks 2-3: h^T tile, double-buffered
.psum y_ps  : fp32[128, 4, 256] bank 4  # banks 4-5: four [128, 256] y tiles in flight

.sem x_ld     # +16: all of x in SBUF (one transfer)
.sem w1e_ld   # +16 per even W1 column quarter (hidden tiles 0-1, 4-5) in SBUF
.sem w1o_ld   # +16 per odd W1 column quarter (hidden tiles 2-3, 6-7)
.sem w2a_ld   # +16: W2 rows 0..511 (hidden tiles 0-3)
.sem w2b_ld   # +16: W2 rows 512..1023 (hidden tiles 4-7)
.sem tr       # PE -> DVE: +1 per dt, its 4 transposes are in xT_ps
.sem xcp      # DVE -> PE: +1 per dt, x^T tile in SBUF
.sem mm1      # PE -> ACT: +1 per hidden tile accumulated in hT_ps
.sem gelu     # ACT -> PE: +1 per hidden tile in hT_s (and its hT_ps bank free)
.sem mm2      # PE -> ACT: +1 per output tile accumulated in y_ps
.sem ev       # ACT -> SP, PE: +1 per output tile in SBUF (and its y_ps slot free)
.sem wz       # DVE -> ACT: warm is set

#===-- SP: the loads ----------------------------------------------------===#
# Phase 1 needs all of x and the first W1 quarter (hidden tiles 0-1) before
# it can start; the later quarters are needed one every ~1.7 us, W2 only
# after phase 1 (~7 us in). The loads are issued in that order, and the
# later ones are held back so that they do not share HBM bandwidth with
# the ones PE is waiting for. x is one transfer (4 runs of 1 KiB per
# partition): on trn2 each DMA instruction costs SP 600 ns, and as four
# transfers, one per row tile, x landed 0.7 us later.
    sp.dma_copy x_s, ap(hbm bf16, [D, 128], addr(x), [128 * D, TT], [1, D]), q0.0 signal(x_ld, 16)
    # W1 in column quarters of 256: W1[128 dt + p, 256 q ..] -> w1_s[p, dt, 256 q ..]
    # (rows H elements apart, the 4 dt row blocks 128 H elements apart).
    # Even quarters go through q4.0, odd ones through q5.0: a queue
    # completes in order, so w1e_ld >= 32 means quarters 0 and 2 have
    # both landed, whatever the other queue does.
.macro w1_quarter q, queue, sem, sync=
    sp.dma_copy w1_s[:, :, \q*256:(\q+1)*256], ap(hbm bf16, [H, 128], addr(w1) + \q * 256 * 2, [128 * H, DT], [1, 256]), \queue \sync signal(\sem, 16)
.endm
    w1_quarter 0, q4.0, w1e_ld
    w1_quarter 2, q4.0, w1e_ld
    w1_quarter 1, q5.0, w1o_ld, wait(x_ld >= 16)
    w1_quarter 3, q5.0, w1o_ld
    # W2[128 ht + p, :] -> w2_s[p, ht, :], hidden tiles 0-3 and 4-7, once
    # W1's quarters 0 and 2 are in.
    sp.dma_copy w2_s[:, 0:4, :], ap(hbm bf16, [D, 128], addr(w2), [128 * D, 4], [1, D]), q6.0 wait(w1e_ld >= 32) signal(w2a_ld, 16)
    sp.dma_copy w2_s[:, 4:8, :], ap(hbm bf16, [D, 128], addr(w2) + 4 * 128 * D * 2, [128 * D, 4], [1, D]), q7.0 signal(w2b_ld, 16)

#===-- PE ---------------------------------------------------------------===#
# x^T: for each dt, the [128 t, 128 d] blocks of the 4 token tiles go to
# xT_ps[:, dt, 128 tt ..], [128 d, 128 t] each (bf16 passes exactly).
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

# Phase 1: hT_ps[ht & 1] = sum over dt of W1[dt, ht]^T . x^T[dt]. The bank
# ht & 1 is free once ACT has applied GELU to tile ht - 2 (gelu >= ht - 1).
# Hidden tile ht lies in W1 quarter Q = ht / 2, so quarters 0..Q must be
# in: Q / 2 + 1 even ones and (Q + 1) / 2 odd ones. Matmul dt waits for
# x^T tile dt (only the first hidden tile ever waits there).
    pe.nop wait(xcp >= 1)
    pe.li r1, 0                 # ht
    pe.li r9, HT
phase1:
    pe.addi r5, r1, -1          # gelu >= ht - 1
    pe.shri r6, r1, 1           # Q
    pe.shri r7, r6, 1
    pe.addi r7, r7, 1
    pe.muli r7, r7, 16          # w1e_ld >= 16 (Q / 2 + 1)
    pe.addi r6, r6, 1
    pe.shri r6, r6, 1
    pe.muli r6, r6, 16          # w1o_ld >= 16 ((Q + 1) / 2)
    pe.andi r2, r1, 1
    pe.muli r2, r2, T           # PSUM slot offset, elements
    pe.muli r3, r1, 128         # W1 column offset of the hidden tile
    pe.nop wait(gelu >= r5)
    matmul hT_ps[:, 0, :] + r2, w1_s[:, 0, 0:128] + r3, xT_s[:, 0, :], acc=overwrite wait(w1e_ld >= r7, w1o_ld >= r6)
    matmul hT_ps[:, 0, :] + r2, w1_s[:, 1, 0:128] + r3, xT_s[:, 1, :], acc=accumulate wait(xcp >= 2)
    matmul hT_ps[:, 0, :] + r2, w1_s[:, 2, 0:128] + r3, xT_s[:, 2, :], acc=accumulate wait(xcp >= 3)
    matmul hT_ps[:, 0, :] + r2, w1_s[:, 3, 0:128] + r3, xT_s[:, 3, :], acc=accumulate wait(xcp >= 4) signal(mm1)
    pe.addi r1, r1, 1
    pe.blt r1, r9, phase1

# Phase 2, in 8 output tiles o = (tt, half): y_ps[o & 3] = sum over ht of
# h^T[ht, tt]^T . W2[ht, 256 half ..], a [128 t, 256 d] tile. Half-width
# tiles keep PE just as busy (a matmul costs max(64, N) cycles, so the FLOP
# rate does not depend on N from 64 up) and halve what is left to evacuate
# and store after the last matmul. The slot is free once ACT has evacuated
# tile o - 4 (ev >= o - 3). Hidden tile ht must have been through GELU
# (gelu >= ht + 1: in practice only tiles 6 and 7 of the first output tile
# can still be in flight); hidden tiles 4-7 need the second half of W2.
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
    matmul y_ps[:, 0, :] + r2, hT_s[:, 0, 0:128] + r3, w2_s[:, 0, 0:256] + r6, acc=overwrite wait(ev >= r5, w2a_ld >= 16)
    pe.li r4, 1                 # ht
    pe.li r8, HT
hidden:
    pe.addi r3, r3, T           # the next hidden tile: 512 elements on in hT_s
    pe.addi r6, r6, D           # and in w2_s
    pe.addi r7, r4, 1           # gelu >= ht + 1
    pe.shri r10, r4, 2
    pe.muli r10, r10, 16        # w2b_ld >= 16 from ht = 4 on
    matmul y_ps[:, 0, :] + r2, hT_s[:, 0, 0:128] + r3, w2_s[:, 0, 0:256] + r6, acc=accumulate wait(gelu >= r7, w2b_ld >= r10)
    pe.addi r4, r4, 1
    pe.blt r4, r8, hidden
    pe.sem_signal mm2, 1        # after the eighth matmul has completed
    pe.addi r1, r1, 1
    pe.blt r1, r9, phase2

#===-- DVE: x^T from PSUM to SBUF, one dt at a time ----------------------===#
    dve.memset warm, 0.0 signal(wz)
# (Four instructions, written by .irp, rather than a loop: a register offset
# would make each copy NKI's tensor_copy_dynamic, 300 cycles in the 2x mode
# instead of 256.)
    .irp dt, 0, 1, 2, 3
    dve.tensor_copy xT_s[:, \dt, :], xT_ps[:, \dt, :] wait(tr >= \dt + 1) signal(xcp)
    .endr

#===-- ACT: GELU of each hidden tile, then the evacuation of y ------------===#
# First a one-element GELU on a constant: ScalarE loads the gelu table set
# (1.28 us on trn2) while x is still loading, not in front of hidden tile 0.
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

# Each [128 t, 256 d] tile o = (tt, half) of y: copied out of PSUM, then
# stored by ACT itself (no hand-off to SP), on queue q(8 + o).0 (register
# r5 = 16 (8 + o)) so that a store never waits behind another.
    act.li r1, 0                # o
    act.li r9, 2 * TT
evac:
    act.addi r2, r1, 1          # mm2 >= o + 1
    act.andi r3, r1, 3
    act.muli r3, r3, 256        # PSUM slot offset
    act.muli r4, r1, 256        # y_s offset of (tt, half): 512 tt + 256 half
    activation y_s[:, 0, 0:256] + r4, y_ps[:, 0, :] + r3, copy wait(mm2 >= r2) signal(ev)
    act.shri r6, r1, 1
    act.muli r6, r6, 128 * D    # y offset: 128 D tt + 256 half
    act.andi r7, r1, 1
    act.muli r7, r7, 256
    act.add r6, r6, r7
    act.muli r5, r1, 16
    act.addi r5, r5, 128
    act.dma_copy y[0:128, 0:256] + r6, y_s[:, 0, 0:256] + r4, r5
    act.addi r1, r1, 1
    act.blt r1, r9, evac
