# 2-D average pooling, 2 x 2 windows with stride 2, of x [C = 128, H = 64,
# W = 64] fp32 -> out [128, 32, 32] fp32:
#   out[c, i, j] = (x[c, 2i, 2j] + x[c, 2i, 2j+1] + x[c, 2i+1, 2j] + x[c, 2i+1, 2j+1]) / 4
# (docs/examples/avgpool/README.md explains the design and the figures.)
#
# Channels are the partitions; each partition holds its channel's image
# row-major in its free dimension. The image is cut into bands of HB = 8
# input rows (4 output rows), 8 bands in all, in groups of four: band j of a
# group has its own load queue (q<j>.0), store queue (q<4+j>.0) and
# semaphores ld<j>, st<j>, and SBUF holds two sets of four band slots
# (double buffering by group).
#
# The window sum is one tensor_reduce per band: the band is read through a
# 4-D access pattern [output row i: stride 2W, 4], [output column j:
# stride 2, W/2], [window row: stride W, 2], [window column: stride 1, 2],
# and the two innermost dimensions are reduced (axes=2), in the order
# x[2i, 2j], x[2i, 2j+1], x[2i+1, 2j], x[2i+1, 2j+1]. The division by 4 is a
# multiplication by 0.25, exact in binary.
#
#   SP   load   x[:, 8b..8b+7, :] -> xb                       (q<j>.0)
#   DVE  sm   = window sums of the band     tensor_reduce add, axes=2
#   ACT  ob   = sm * 0.25                   activation copy, scale 0.25
#   ACT  store ob -> out[:, 4b..4b+3, :]                      (q<4+j>.0)
#
# Reuse (bands b and b + 8 share slots):
#   load(b) into xb   waits until DVE has reduced band b - 8:    rd >= b - 7
#   ACT(b) into ob    waits until store(b - 8) has completed:   st<j> >= g - 1
#   DVE(b) into sm    waits until ACT has scaled band b - 8:    sc >= b - 7

.chip trn2
.const P = 128
.const H = 64
.const W = 64
.const HB = 8                  # input rows per band
.const BANDS = H / HB          # a multiple of 4
.const GROUPS = BANDS / 4
.const BIN = HB * W            # input elements per band and partition
.const BOUT = BIN / 4          # output elements per band and partition

.tensor x   : fp32[P, H, W] input
.tensor out : fp32[P, H / 2, W / 2] output

.sbuf xb : fp32[P, 8, BIN]     # bands of x: two sets of four slots
.sbuf sm : fp32[P, 8, BOUT]    # window sums, likewise
.sbuf ob : fp32[P, 8, BOUT]    # averages, likewise

.sem ld0                       # +1 per band 0 of a group loaded (q0.0)
.sem ld1
.sem ld2
.sem ld3
.sem rd                        # DVE -> SP, ACT: band b reduced (+1 per band, in order)
.sem sc                        # ACT -> DVE: band b scaled (its sm slot is free)
.sem st0                       # +1 per band 0 of a group stored (q4.0)
.sem st1
.sem st2
.sem st3

# Registers, per engine: r1 = group g, r2 = GROUPS, r3 = offset of the
# group's slot set in xb (0 or 4 BIN elements), r4 = in sm and ob (0 or
# 4 BOUT), r5 = element offset of the group's first row of x (SP: 4 g BIN)
# or of out (ACT: 4 g BOUT), r6 and r7 = wait values.

# SP: the loads; band b waits for rd >= b - 7.
    sp.li r1, 0
    sp.li r2, GROUPS
    sp.li r3, 0
    sp.li r5, 0
    sp.li r6, -7
sp_group:
    .irp j, 0, 1, 2, 3
    sp.dma_copy xb[:, \j, :] + r3, x[:, \j*HB:(\j+1)*HB, :] + r5, q\j.0 wait(rd >= r6) signal(ld\j)
    sp.addi r6, r6, 1
    .endr
    sp.xori r3, r3, 4 * BIN
    sp.addi r5, r5, 4 * BIN
    sp.addi r1, r1, 1
    sp.blt r1, r2, sp_group

# DVE: the window sums of each band as it lands (ld<j> >= g + 1).
    dve.li r1, 0
    dve.li r2, GROUPS
    dve.li r3, 0
    dve.li r4, 0
    dve.li r6, 1
    dve.li r7, -7               # sc >= b - 7
dve_group:
    .irp j, 0, 1, 2, 3
    tensor_reduce sm[:, \j, :] + r4, ap(sbuf fp32, 0:P, addr(xb) + \j * BIN * 4, [2 * W, HB / 2], [2, W / 2], [W, 2], [1, 2]) + r3, add, axes=2 wait(ld\j >= r6, sc >= r7) signal(rd)
    dve.addi r7, r7, 1
    .endr
    dve.xori r3, r3, 4 * BIN
    dve.xori r4, r4, 4 * BOUT
    dve.addi r6, r6, 1
    dve.addi r1, r1, 1
    dve.blt r1, r2, dve_group

# ACT: scale each band's sums by 1/4 (rd >= b + 1) into its ob slot, once
# store(b - 8) has emptied it (st<j> >= g - 1), and store the band: output
# rows 4b..4b+3 of every channel, 512 bytes per partition.
    act.li r1, 0
    act.li r2, GROUPS
    act.li r4, 0
    act.li r5, 0
    act.li r6, 1                # rd >= b + 1
    act.li r7, -1               # st<j> >= g - 1
act_group:
    .irp q, 4, 5, 6, 7            # band j = \+ of the group, stored on queue q<4+j>.0
    act.activation ob[:, \+, :] + r4, sm[:, \+, :] + r4, copy, scale=0.25 wait(rd >= r6, st\+ >= r7) signal(sc)
    act.dma_copy out[:, \+*(HB/2):(\+ + 1)*(HB/2), :] + r5, ob[:, \+, :] + r4, q\q.0 signal(st\+)
    act.addi r6, r6, 1
    .endr
    act.xori r4, r4, 4 * BOUT
    act.addi r5, r5, 4 * BOUT
    act.addi r7, r7, 1
    act.addi r1, r1, 1
    act.blt r1, r2, act_group
