# RMS normalisation over the rows of x [1024, 512] fp32 -> out [1024, 512]:
#   out[r, c] = x[r, c] * rsqrt(mean_c(x[r, c]^2) + EPS) * g[c]
# with EPS = 1e-6 and the weight g [1, 512] broadcast along the rows.
# (docs/examples/rmsnorm/README.md explains the design and the figures.)
#
# Tiling as in the softmax example: a tile is 128 rows (one per partition),
# 8 tiles, handled in groups of four; tile j of a group has its own load
# queue (q<j>.0), store queue (q<4+j>.0) and semaphores ld<j>, st<j>; SBUF
# holds two sets of four slots per buffer (double buffering by group).
#
# Once, at the start:
#   ACT  g [1, D] -> g1, partition 0                             (q8.0)
#        (from ACT, so that SP's first trigger is tile 0's load: on trn2
#        every trigger costs its engine 600 ns); then a one-element rsqrt,
#        so that ScalarE loads the rsqrt table (1.28 us on trn2) while the
#        first tiles are in flight
#   POOL gb = g1 on all 128 partitions                   partition_broadcast
# Per tile i (= 4g + j):
#   SP   load   x rows 128i.. -> xb                              (q<j>.0)
#   ACT  sq   = x^2, ss = sum_c x^2   activation square, accum          [P, 1]
#        rs   = rsqrt(ss / D + EPS)   activation rsqrt, scale 1/D, bias EPS
#   DVE  yb[:, 0:DV] = (xb * rs) * gb     scalar_tensor_tensor
#   POOL yb[:, DV:D] = xb * rs, then * gb  tensor_scalar, tensor_tensor
#   SP   store yb -> out rows 128i.. once DVE and POOL are done  (q<4+j>.0)
#        (SP, not POOL: GpSimd's software descriptor generation costs
#        600 ns per DMA, SP's 46 ns on trn1, and SP is idle once the loads
#        are out)
# (A DMA whose 128 HBM rows all start at g, ap(hbm fp32, [0, P], addr(g),
# [1, D]), would broadcast g too, but moves 128 copies through HBM and the
# DMA queues: see the README.)
# ACT runs a tile ahead of DVE and POOL. The squares themselves are not
# needed, so every tile writes them to the same scratch buffer sq. GpSimd
# has no scalar_tensor_tensor, so its half of the columns takes two
# instructions; DV = 256 balances the two engines (see the README).
#
# Slot reuse (tiles i and i + 8 share a slot):
#   load(i) into xb   waits until DVE and POOL have read tile i - 8:
#                     dv >= i - 7 and pl >= i - 7
#   DVE(i), POOL(i) into yb wait until store(i - 8) has completed:
#                     st<j> >= g - 1
#   ss and rs are rewritten by ACT(i), after load(i), hence after DVE(i - 8)
#   and POOL(i - 8) have read them.
# 1/D = 1/512 and EPS are written where they are used: .const holds
# integers only.

.chip trn2
.const P = 128
.const D = 512
.const DV = 256                # columns done on DVE; POOL does D - DV
.const ROWS = 1024             # a multiple of 4 * P
.const GROUPS = ROWS / (4 * P)
.const TILE = P * D

.tensor x   : fp32[ROWS, D] input
.tensor g   : fp32[1, D] input
.tensor out : fp32[ROWS, D] output

.sbuf xb : fp32[P, 8, D]       # input tiles: two sets of four slots
.sbuf yb : fp32[P, 8, D]       # results
.sbuf sq : fp32[P, D]          # squares (scratch)
.sbuf ss : fp32[P, 8]          # sum of squares
.sbuf rs : fp32[P, 8]          # rsqrt(ss / D + EPS)
.sbuf g1 : fp32[1, D]          # g on partition 0
.sbuf gb : fp32[P, D]          # g on every partition
.sbuf warm : fp32[P, 1]        # the table load's warm-up rsqrt

.sem ld0                       # +1 per tile 0 of a group loaded (q0.0)
.sem ld1
.sem ld2
.sem ld3
.sem st0                       # +1 per tile 0 of a group stored (q4.0)
.sem st1
.sem st2
.sem st3
.sem gl                        # g in g1
.sem gbc                       # POOL -> DVE: g broadcast into gb
.sem sc                        # ACT -> DVE: rs of tile i ready (+1 per tile, in order)
.sem dv                        # DVE -> SP, POOL: DVE's columns of tile i done
.sem pl                        # POOL -> SP: POOL's columns of tile i done
.sem wz                        # POOL -> ACT: warm is set

# Registers, per engine: r1 = group g, r2 = GROUPS, r3 = offset of the
# group's slot set in a [P, 8, D] buffer (0 or 4 D elements), r4 = in a
# [P, 8] buffer (0 or 4), r5 = HBM offset of the group's first row (4 g TILE
# elements), r6 and r7 = wait values.

# SP: for g = 0 .. GROUPS, the loads of group g (if any), then the stores
# of group g - 1 (if any). Load i waits for dv, pl >= i - 7, store i for
# dv, pl >= i + 1. r8 = HBM offset of group g - 1, r9 = its slot set,
# r10 = the stores' wait value, r11 = 0, r12 = GROUPS + 1.
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
    sp.dma_copy xb[:, \j, :] + r3, x[\j*P:(\j+1)*P, :] + r5, q\j.0 wait(dv >= r6, pl >= r6) signal(ld\j)
    sp.addi r6, r6, 1
    .endr
sp_store:
    sp.beq r1, r11, sp_next
    sp.addi r8, r5, -4 * TILE
    sp.xori r9, r3, 4 * D
    .irp q, 4, 5, 6, 7          # tile j = \+ of the group, on queue q<4+j>.0
    sp.dma_copy out[\+*P:(\+ + 1)*P, :] + r8, yb[:, \+, :] + r9, q\q.0 wait(dv >= r10, pl >= r10) signal(st\+)
    sp.addi r10, r10, 1
    .endr
sp_next:
    sp.xori r3, r3, 4 * D
    sp.addi r5, r5, 4 * TILE
    sp.addi r1, r1, 1
    sp.blt r1, r12, sp_group

# ACT: the sum of squares of tile j as it lands, then rsqrt(ss / D + EPS).
    act.dma_copy g1, g, q8.0 signal(gl)
    act.activation warm, warm, rsqrt wait(wz >= 1)
    act.li r1, 0
    act.li r2, GROUPS
    act.li r3, 0
    act.li r4, 0
    act.li r6, 1                # ld<j> >= g + 1
act_group:
    .irp j, 0, 1, 2, 3
    act.activation sq, xb[:, \j, :] + r3, square, accum=ss[:, \j:\j+1] + r4 wait(ld\j >= r6)
    act.activation rs[:, \j:\j+1] + r4, ss[:, \j:\j+1] + r4, rsqrt, scale=0.001953125, bias=1e-6 signal(sc)
    .endr
    act.xori r3, r3, 4 * D
    act.xori r4, r4, 4
    act.addi r6, r6, 1
    act.addi r1, r1, 1
    act.blt r1, r2, act_group

# DVE: out = (x * rs) * g on the columns 0..DV. Tile i waits for its rs
# (sc >= i + 1) and for store(i - 8) to have emptied its yb slot
# (st<j> >= g - 1); the first also for gb.
    dve.li r1, 0
    dve.li r2, GROUPS
    dve.li r3, 0
    dve.li r4, 0
    dve.li r6, 1                # sc >= i + 1
    dve.li r7, -1               # st<j> >= g - 1
    dve.sem_wait gbc, ge, 1
dve_group:
    .irp j, 0, 1, 2, 3
    scalar_tensor_tensor yb[:, \j, 0:DV] + r3, xb[:, \j, 0:DV] + r3, multiply, rs[:, \j:\j+1] + r4, multiply, gb[:, 0:DV] wait(sc >= r6, st\j >= r7) signal(dv)
    dve.addi r6, r6, 1
    .endr
    dve.xori r3, r3, 4 * D
    dve.xori r4, r4, 4
    dve.addi r7, r7, 1
    dve.addi r1, r1, 1
    dve.blt r1, r2, dve_group

# POOL: broadcasts g, then per tile the columns DV..D (with the waits of
# DVE's part); SP stores the tile.
    pool.memset warm, 1.0 signal(wz)
    pool.partition_broadcast gb, g1 wait(gl >= 1) signal(gbc)
    pool.li r1, 0
    pool.li r2, GROUPS
    pool.li r3, 0
    pool.li r4, 0
    pool.li r6, 1               # sc, dv >= i + 1
    pool.li r7, -1              # st<j> >= g - 1
pool_group:
    .irp j, 0, 1, 2, 3
    pool.tensor_scalar yb[:, \j, DV:D] + r3, xb[:, \j, DV:D] + r3, multiply, rs[:, \j:\j+1] + r4 wait(sc >= r6, st\j >= r7)
    pool.tensor_tensor yb[:, \j, DV:D] + r3, yb[:, \j, DV:D] + r3, gb[:, DV:D], multiply signal(pl)
    pool.addi r6, r6, 1
    .endr
    pool.xori r3, r3, 4 * D
    pool.xori r4, r4, 4
    pool.addi r7, r7, 1
    pool.addi r1, r1, 1
    pool.blt r1, r2, pool_group
