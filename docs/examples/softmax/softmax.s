# Row softmax of x [1024, 512] fp32 -> out [1024, 512] fp32:
#   out[r, :] = exp(x[r, :] - max(x[r, :])) / sum(exp(x[r, :] - max(x[r, :])))
# (docs/examples/softmax/README.md explains the design and the figures.)
#
# Tiling: a tile is 128 rows, one row per partition with its 512 elements
# in the free dimension; ROWS / 128 = 8 tiles. The loop body handles a
# group of four tiles, j = 0..3, and tile j of every group has its own load
# queue (q<j>.0), store queue (q<4+j>.0) and semaphores ld<j>, st<j>: a queue
# completes its transfers in order, so "ld<j> >= g + 1" means tile j of
# group g has landed (one semaphore shared by several queues could be
# reached by a later transfer overtaking an earlier one).
#
# SBUF holds two sets of four slots of every per-tile buffer (double
# buffering by group): group g uses set g & 1, so the loads of group g + 1
# run while group g is computed and stored.
#
# Per tile i (= 4g + j), each step on its own engine:
#   SP   load   x rows 128i.. -> xb[set, j]          (q<j>.0, signals ld<j>)
#   DVE  nm   = -max(xb)        tensor_reduce maximum, negate=true       [P, 1]
#   ACT  eb   = exp(xb + nm)    activation exp, bias = nm, accum -> sm (row sums)
#   DVE  rc   = 1 / sm          reciprocal                               [P, 1]
#   POOL eb   = eb * rc         tensor_scalar multiply, in place (signals sc)
#   SP   store eb -> out rows 128i..                 (q<4+j>.0, signals st<j>)
# SP triggers the stores, not POOL: a trigger from GpSimd builds its
# descriptors in software (600 ns, on trn1 as on trn2), while SP's cost 46 ns
# on trn1 (static descriptors) and SP has nothing else to do once the loads
# are out.
# The engines work on different tiles at once: DVE reduces tile i + 1 while
# ACT exponentiates tile i and POOL scales tile i - 1.
#
# Slot reuse (tiles i and i + 8 share a slot):
#   load(i) into xb      waits until ACT's exp(i - 8) has read it:  ex >= i - 7
#   exp(i) into eb       waits until store(i - 8) has completed:    st<j> >= g - 1
#   nm, sm and rc follow: see the README.
# Negative wait values (the first groups) hold at once: waits compare
# signed 32-bit values.

.chip trn2
.const P = 128
.const D = 512                 # row length
.const ROWS = 1024             # a multiple of 4 * P
.const GROUPS = ROWS / (4 * P)
.const TILE = P * D            # elements of x per tile

.tensor x   : fp32[ROWS, D] input
.tensor out : fp32[ROWS, D] output

.sbuf xb : fp32[P, 8, D]       # input tiles: two sets of four slots
.sbuf eb : fp32[P, 8, D]       # exp, then the result, in place
.sbuf nm : fp32[P, 8]          # -max of the row
.sbuf sm : fp32[P, 8]          # sum of exp over the row
.sbuf rc : fp32[P, 8]          # 1 / sum
.sbuf warm : fp32[P, 1]        # the table load's warm-up exp

.sem ld0                       # +1 per tile 0 of a group loaded (q0.0)
.sem ld1                       # ... tile 1 (q1.0)
.sem ld2
.sem ld3
.sem st0                       # +1 per tile 0 of a group stored (q4.0)
.sem st1
.sem st2
.sem st3
.sem nmx                       # DVE -> ACT: -max of tile i ready (+1 per tile, in order)
.sem ex                        # ACT -> SP, DVE: exp and row sums of tile i done
.sem rcp                       # DVE -> POOL: 1 / sum of tile i ready
.sem sc                        # POOL -> SP: tile i scaled, ready to store
.sem wz                        # POOL -> ACT: warm is set

# Registers, per engine: r1 = group g, r2 = GROUPS, r3 = offset of the
# group's set in a [P, 8, D] buffer, in elements (0 or 4 D), r4 = the same
# in a [P, 8] buffer (0 or 4), r5 = HBM offset of the group's first row, in
# elements (4 g TILE), r6 and r7 = wait values.

# SP: for g = 0 .. GROUPS, the loads of group g (if any), then the stores
# of group g - 1 (if any): a group's loads go out before the previous
# group's stores, which wait for POOL. Load i waits for ex >= i - 7, store i
# for sc >= i + 1. r8, r9 = HBM offset and set of group g - 1; r10 = sc's
# wait value; r11 = 0; r12 = GROUPS + 1.
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
    sp.dma_copy xb[:, \j, :] + r3, x[\j*P:(\j+1)*P, :] + r5, q\j.0 wait(ex >= r6) signal(ld\j)
    sp.addi r6, r6, 1
    .endr
sp_store:
    sp.beq r1, r11, sp_next
    sp.addi r8, r5, -4 * TILE
    sp.xori r9, r3, 4 * D
    .irp q, 4, 5, 6, 7          # tile j = \+ of the group, on queue q<4+j>.0
    sp.dma_copy out[\+*P:(\+ + 1)*P, :] + r8, eb[:, \+, :] + r9, q\q.0 wait(sc >= r10) signal(st\+)
    sp.addi r10, r10, 1
    .endr
sp_next:
    sp.xori r3, r3, 4 * D
    sp.addi r5, r5, 4 * TILE
    sp.addi r1, r1, 1
    sp.blt r1, r12, sp_group

# DVE: -max of each tile as it lands; the reciprocal of tile j - 1 right
# after the reduce of tile j, by when ACT has usually finished its exp.
    dve.li r1, 0
    dve.li r2, GROUPS
    dve.li r3, 0
    dve.li r4, 0
    dve.li r6, 1                # ld<j> >= g + 1
    dve.li r7, 1                # ex >= i + 1
dve_group:
    dve.tensor_reduce nm[:, 0:1] + r4, xb[:, 0, :] + r3, maximum, negate=true wait(ld0 >= r6) signal(nmx)
    dve.tensor_reduce nm[:, 1:2] + r4, xb[:, 1, :] + r3, maximum, negate=true wait(ld1 >= r6) signal(nmx)
    dve.reciprocal rc[:, 0:1] + r4, sm[:, 0:1] + r4 wait(ex >= r7) signal(rcp)
    dve.addi r7, r7, 1
    dve.tensor_reduce nm[:, 2:3] + r4, xb[:, 2, :] + r3, maximum, negate=true wait(ld2 >= r6) signal(nmx)
    dve.reciprocal rc[:, 1:2] + r4, sm[:, 1:2] + r4 wait(ex >= r7) signal(rcp)
    dve.addi r7, r7, 1
    dve.tensor_reduce nm[:, 3:4] + r4, xb[:, 3, :] + r3, maximum, negate=true wait(ld3 >= r6) signal(nmx)
    dve.reciprocal rc[:, 2:3] + r4, sm[:, 2:3] + r4 wait(ex >= r7) signal(rcp)
    dve.addi r7, r7, 1
    dve.reciprocal rc[:, 3:4] + r4, sm[:, 3:4] + r4 wait(ex >= r7) signal(rcp)
    dve.addi r7, r7, 1
    dve.xori r3, r3, 4 * D
    dve.xori r4, r4, 4
    dve.addi r6, r6, 1
    dve.addi r1, r1, 1
    dve.blt r1, r2, dve_group

# ACT: e = exp(x - max), with the row sums in the accumulator. Tile i waits
# for its -max (nmx >= i + 1) and for store(i - 8) to have emptied its eb
# slot (st<j> >= g - 1).
# First a one-element exp: ScalarE loads the exp table set (1.28 us on
# trn2) while the first tiles are still in flight, instead of in front of
# tile 0's exp.
    act.activation warm, warm, exp wait(wz >= 1)
    act.li r1, 0
    act.li r2, GROUPS
    act.li r3, 0
    act.li r4, 0
    act.li r6, 1                # nmx >= i + 1
    act.li r7, -1               # st<j> >= g - 1
act_group:
    .irp j, 0, 1, 2, 3
    act.activation eb[:, \j, :] + r3, xb[:, \j, :] + r3, exp, bias=nm[:, \j:\j+1] + r4, accum=sm[:, \j:\j+1] + r4 wait(nmx >= r6, st\j >= r7) signal(ex)
    act.addi r6, r6, 1
    .endr
    act.xori r3, r3, 4 * D
    act.xori r4, r4, 4
    act.addi r7, r7, 1
    act.addi r1, r1, 1
    act.blt r1, r2, act_group

# POOL: scale by 1 / sum in place; SP stores the tile (sc).
    pool.memset warm, 0.0 signal(wz)
    pool.li r1, 0
    pool.li r2, GROUPS
    pool.li r3, 0
    pool.li r4, 0
    pool.li r6, 1               # rcp >= i + 1
pool_group:
    .irp j, 0, 1, 2, 3
    pool.tensor_scalar eb[:, \j, :] + r3, eb[:, \j, :] + r3, multiply, rc[:, \j:\j+1] + r4 wait(rcp >= r6) signal(sc)
    pool.addi r6, r6, 1
    .endr
    pool.xori r3, r3, 4 * D
    pool.xori r4, r4, 4
    pool.addi r1, r1, 1
    pool.blt r1, r2, pool_group
