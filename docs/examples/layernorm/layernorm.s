# Layer normalisation over the rows of x [1024, 512] fp32 -> out [1024, 512]:
#   out[r, c] = (x[r, c] - mean_r) * rsqrt(var_r + EPS) * gamma[c] + beta[c]
# with mean_r and the population variance var_r over row r, EPS = 1e-5,
# gamma and beta [1, 512] broadcast along the rows.
# (docs/examples/layernorm/README.md explains the design and the figures.)
#
# Tiling as in the softmax example: a tile is 128 rows (one per partition),
# 8 tiles, handled in groups of four; tile j of a group has its own load
# queue (q<j>.0), store queue (q<4+j>.0) and semaphores ld<j>, st<j>; SBUF
# holds two sets of four slots per buffer (double buffering by group).
#
# Once, at the start:
#   ACT  gamma, beta [1, D] -> partition 0 of g1, b1        (q8.0, q9.0)
#        (from ACT, so that SP's first trigger is tile 0's load: on trn2
#        every trigger costs its engine 600 ns)
#   POOL gm = g1 on all 128 partitions, bt = b1 likewise   partition_broadcast
# Per tile i (= 4g + j):
#   SP   load   x rows 128i.. -> xb                         (q<j>.0)
#   DVE  sb   = bn_stats(xb)     (count, mean, M2) of the even and odd elements
#        mv   = bn_aggr(sb)      (mean, var)                               [P, 2]
#   ACT  rs   = rsqrt(var + EPS) activation rsqrt, bias = EPS              [P, 1]
#        nr   = -mean            tensor_scalar multiply -1                 [P, 1]
#        nr   = nr * rs          activation copy, scale = rs               [P, 1]
#        yb   = xb * rs + nr     activation copy, per-partition scale and bias
#   DVE  yb[:, 0:DV]  = yb * gm + bt   (two tensor_tensor, the first DV columns)
#   POOL yb[:, DV:D]  = yb * gm + bt   (two tensor_tensor, the other columns)
#   SP   store yb -> out rows 128i.., once DVE's and POOL's columns are
#        done (q<4+j>.0). SP, not POOL, triggers the stores: GpSimd's
#        software descriptor generation costs 600 ns per DMA, SP's 46 ns on
#        trn1 (static descriptors), and SP is idle once the loads are out.
# The column split (DV = 128 of 512) balances DVE, which also computes the
# statistics, against POOL (see the README). EPS = 1e-5 is written where it
# is used: .const holds integers only.
#
# Slot reuse (tiles i and i + 8 share a slot):
#   load(i) into xb   waits until ACT has read tile i - 8:        nrm >= i - 7
#   ACT(i) into yb    waits until store(i - 8) has completed:    st<j> >= g - 1
#   DVE rewrites sb and mv of tile i only after load(i), hence after
#   ACT(i - 8) has read mv; rs and nr are ACT's own, used in order.

.chip trn2
.const P = 128
.const D = 512                 # row length (one bn_stats call: D <= 512)
.const DV = 128                # columns of gamma/beta work done on DVE; POOL does D - DV
.const ROWS = 1024             # a multiple of 4 * P
.const GROUPS = ROWS / (4 * P)
.const TILE = P * D

.tensor x     : fp32[ROWS, D] input
.tensor gamma : fp32[1, D] input
.tensor beta  : fp32[1, D] input
.tensor out   : fp32[ROWS, D] output

.sbuf xb : fp32[P, 8, D]       # input tiles: two sets of four slots
.sbuf yb : fp32[P, 8, D]       # normalised, then the result, in place
.sbuf sb : fp32[P, 8, 6]       # bn_stats
.sbuf mv : fp32[P, 8, 2]       # bn_aggr: mean, variance
.sbuf rs : fp32[P, 8]          # rsqrt(var + EPS)
.sbuf nr : fp32[P, 8]          # -mean * rs
.sbuf g1 : fp32[1, D]          # gamma, beta on partition 0
.sbuf b1 : fp32[1, D]
.sbuf gm : fp32[P, D]          # gamma, beta on every partition
.sbuf bt : fp32[P, D]
.sbuf warm : fp32[P, 1]        # the table load's warm-up rsqrt

.sem ld0                       # +1 per tile 0 of a group loaded (q0.0)
.sem ld1
.sem ld2
.sem ld3
.sem st0                       # +1 per tile 0 of a group stored (q4.0)
.sem st1
.sem st2
.sem st3
.sem gl                        # gamma and beta in SBUF (+1 each)
.sem bc                        # POOL -> DVE: gm and bt broadcast
.sem agg                       # DVE -> ACT: mean and variance of tile i ready (+1 per tile, in order)
.sem nrm                       # ACT -> SP, DVE, POOL: yb of tile i normalised
.sem dvy                       # DVE -> SP: DVE's columns of tile i done
.sem pl                        # POOL -> SP: POOL's columns of tile i done
.sem wz                        # POOL -> ACT: warm is set

# Registers, per engine: r1 = group g, r2 = GROUPS, r3 = offset of the
# group's slot set in a [P, 8, D] buffer (0 or 4 D elements), r4 = in a
# [P, 8] buffer (0 or 4), r8 = in sb (0 or 24), r9 = in mv (0 or 8),
# r5 = HBM offset of the group's first row (4 g TILE elements), r6 and r7 =
# wait values.

# SP: for g = 0 .. GROUPS, the loads of group g (if
# any) and the stores of group g - 1 (if any). Load i waits for
# nrm >= i - 7, store i for dvy, pl >= i + 1. r8 = HBM offset of group
# g - 1, r9 = its slot set, r10 = the stores' wait value, r11 = 0,
# r12 = GROUPS + 1.
    sp.li r1, 0
    sp.li r2, GROUPS
    sp.li r3, 0
    sp.li r5, 0
    sp.li r6, -7
    sp.li r10, 1
    sp.li r11, 0
    sp.li r12, GROUPS + 1
sp_group:
    sp.bge r1, r2, sp_store
    .irp j, 0, 1, 2, 3
    sp.dma_copy xb[:, \j, :] + r3, x[\j*P:(\j+1)*P, :] + r5, q\j.0 wait(nrm >= r6) signal(ld\j)
    sp.addi r6, r6, 1
    .endr
sp_store:
    sp.beq r1, r11, sp_next
    sp.addi r8, r5, -4 * TILE
    sp.xori r9, r3, 4 * D
    .irp q, 4, 5, 6, 7          # tile j = \+ of the group, on queue q<4+j>.0
    sp.dma_copy out[\+*P:(\+ + 1)*P, :] + r8, yb[:, \+, :] + r9, q\q.0 wait(dvy >= r10, pl >= r10) signal(st\+)
    sp.addi r10, r10, 1
    .endr
sp_next:
    sp.xori r3, r3, 4 * D
    sp.addi r5, r5, 4 * TILE
    sp.addi r1, r1, 1
    sp.blt r1, r12, sp_group
# DVE: the statistics of tile j as it lands, then gamma/beta on DVE's
# columns of tile j - 1, which ACT has normalised by then.
# stats J: mean and variance of tile j of the group.
.macro stats j
    bn_stats sb[:, \j, :] + r8, xb[:, \j, :] + r3 wait(ld\j >= r6)
    bn_aggr mv[:, \j, :] + r9, sb[:, \j, :] + r8 signal(agg)
.endm
# gamma_beta E, J, COLS, DONE, SYNC: yb = yb * gamma + beta on columns COLS
# of tile j, on engine E, after the waits SYNC; signals DONE.
.macro gamma_beta e, j, cols, done, sync
    \e.tensor_tensor yb[:, \j, \cols] + r3, yb[:, \j, \cols] + r3, gm[:, \cols], multiply \sync
    \e.tensor_tensor yb[:, \j, \cols] + r3, yb[:, \j, \cols] + r3, bt[:, \cols], add signal(\done)
.endm
    dve.li r1, 0
    dve.li r2, GROUPS
    dve.li r3, 0
    dve.li r4, 0
    dve.li r8, 0
    dve.li r9, 0
    dve.li r6, 1                # ld<j> >= g + 1
    dve.li r7, 1                # nrm >= i + 1
dve_group:
    stats 0
    stats 1
    gamma_beta dve, 0, 0:DV, dvy, wait(nrm >= r7, bc >= 1)
    dve.addi r7, r7, 1
    stats 2
    gamma_beta dve, 1, 0:DV, dvy, wait(nrm >= r7)
    dve.addi r7, r7, 1
    stats 3
    gamma_beta dve, 2, 0:DV, dvy, wait(nrm >= r7)
    dve.addi r7, r7, 1
    gamma_beta dve, 3, 0:DV, dvy, wait(nrm >= r7)
    dve.addi r7, r7, 1
    dve.xori r3, r3, 4 * D
    dve.xori r4, r4, 4
    dve.xori r8, r8, 4 * 6
    dve.xori r9, r9, 4 * 2
    dve.addi r6, r6, 1
    dve.addi r1, r1, 1
    dve.blt r1, r2, dve_group

# ACT: rs = rsqrt(var + EPS) and nr = -mean * rs once the statistics of
# tile i are in (agg >= i + 1), then normalise, (x - mean) * rs = x * rs + nr,
# once store(i - 8) has emptied the yb slot (st<j> >= g - 1).
# First a one-element rsqrt: ScalarE loads the rsqrt table set (1.28 us on
# trn2) while the first tiles are in flight, not in front of tile 0.
    act.dma_copy g1, gamma, q8.0 signal(gl)
    act.dma_copy b1, beta, q9.0 signal(gl)
    act.activation warm, warm, rsqrt wait(wz >= 1)
    act.li r1, 0
    act.li r2, GROUPS
    act.li r3, 0
    act.li r4, 0
    act.li r9, 0
    act.li r6, 1                # agg >= i + 1
    act.li r7, -1               # st<j> >= g - 1
act_group:
    .irp j, 0, 1, 2, 3
    act.activation rs[:, \j:\j+1] + r4, mv[:, \j, 1:2] + r9, rsqrt, bias=1e-5 wait(agg >= r6)
    act.tensor_scalar nr[:, \j:\j+1] + r4, mv[:, \j, 0:1] + r9, multiply, -1.0
    act.activation nr[:, \j:\j+1] + r4, nr[:, \j:\j+1] + r4, copy, scale=rs[:, \j:\j+1] + r4
    act.activation yb[:, \j, :] + r3, xb[:, \j, :] + r3, copy, scale=rs[:, \j:\j+1] + r4, bias=nr[:, \j:\j+1] + r4 wait(st\j >= r7) signal(nrm)
    act.addi r6, r6, 1
    .endr
    act.xori r3, r3, 4 * D
    act.xori r4, r4, 4
    act.xori r9, r9, 4 * 2
    act.addi r7, r7, 1
    act.addi r1, r1, 1
    act.blt r1, r2, act_group

# POOL: broadcast gamma and beta, then gamma/beta on the columns DV.. of
# each tile; SP stores the tile once DVE's columns are done too.
    pool.memset warm, 1.0 signal(wz)
    pool.partition_broadcast gm, g1 wait(gl >= 2)
    pool.partition_broadcast bt, b1 signal(bc)
    pool.li r1, 0
    pool.li r2, GROUPS
    pool.li r3, 0
    pool.li r6, 1               # nrm >= i + 1
pool_group:
    .irp j, 0, 1, 2, 3
    gamma_beta pool, \j, DV:D, pl, wait(nrm >= r6)
    pool.addi r6, r6, 1
    .endr
    pool.xori r3, r3, 4 * D
    pool.addi r1, r1, 1
    pool.blt r1, r2, pool_group
