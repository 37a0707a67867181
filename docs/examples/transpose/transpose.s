# 2-D transpose of a bf16 matrix: out [1024, 1024] = x [1024, 1024]^T,
# bit-exact (NaN payloads, infinities, signed zeros and subnormals included).
# (docs/examples/transpose/README.md explains the choices and the figures.)
#
# The matrix is an 8 x 8 grid of 128 x 128 blocks. A strip is 128 rows of x
# (one row per partition, 1024 elements = 2 KiB each), loaded with one
# contiguous DMA. TensorE transposes its eight blocks one by one into one
# PSUM bank: matmul with transpose=true passes the stationary block through
# the array against a 128 x 128 identity (moving), bit-exactly, and writes
# block b of strip s, transposed, to pt[:, b] (bf16 stays 16-bit in PSUM).
# The bank then holds rows 128b.. of out, columns 128s.. for every b: DVE
# copies it to SBUF (DMA cannot read PSUM) and one DMA stores it, each
# partition writing eight runs of 256 bytes (the HBM pattern
# [row step 1024, 128 rows], [128 * 1024, 8 blocks], [1, 128]).
#
# Strips go in groups of four, j = 0..3 (as in the softmax example): strip j
# of a group has its own load queue (q<j>.0), store queue (q<4+j>.0),
# semaphores ld<j> and st<j>, and PSUM bank j; SBUF holds two sets of four
# slots of the strips in and out (double buffering by group).
#
#   POOL once: identity id [128, 128] bf16 = affine_select of ones where p - f == 0
#   SP   load   x rows 128s.. -> xs                              (q<j>.0)
#   PE   8 x matmul pt[:, j, b] = xs[:, block b]^T, transpose=true
#   DVE  ys = pt[:, j]                      tensor_copy PSUM -> SBUF (bit-exact)
#   ACT  store ys -> out columns 128s..                          (q<4+j>.0)
# ACT triggers the stores, not POOL: GpSimd builds a DMA's descriptors in
# software (600 ns), ACT has the hardware generator on trn2 (600 ns, but
# ACT has nothing else to do) and static descriptors on trn1 (46 ns).
#
# Reuse (strips s and s + 8 share SBUF slots, s and s + 4 a PSUM bank):
#   load(s) into xs   waits until PE has read strip s - 8:       tp >= s - 7
#   PE(s) into bank j waits until DVE has copied strip s - 4:    cp >= s - 3
#   DVE(s) into ys    waits until store(s - 8) has completed:   st<j> >= g - 1

.chip trn2
.const P = 128
.const N = 1024                # x is N x N; a multiple of 4 * P
.const NB = N / P              # blocks per strip
.const GROUPS = N / (4 * P)
.const STRIP = P * N           # elements per strip

.tensor x   : bf16[N, N] input
.tensor out : bf16[N, N] output

.sbuf xs : bf16[P, 8, N]       # strips of x: two sets of four slots
.sbuf ys : bf16[P, 8, N]       # strips of out (transposed blocks)
.sbuf on : bf16[P, P]          # ones, then
.sbuf id : bf16[P, P]          # the identity
.psum pt : bf16[P, 4, N]       # four banks of eight transposed blocks

.sem ld0                       # +1 per strip 0 of a group loaded (q0.0)
.sem ld1
.sem ld2
.sem ld3
.sem st0                       # +1 per strip 0 of a group stored (q4.0)
.sem st1
.sem st2
.sem st3
.sem idn                       # POOL -> PE: the identity is ready
.sem tp                        # PE -> SP, DVE: strip s transposed into PSUM (+1 per strip, in order)
.sem cp                        # DVE -> PE, ACT: strip s copied to SBUF

# Registers, per engine: r1 = group g, r2 = GROUPS, r3 = offset of the
# group's slot set in xs / ys (0 or 4 N elements), r5 = the group's first
# row of x (SP) or column of out (ACT), as an element offset, r6 and r7 =
# wait values; PE: r8 = block counter, r10 = NB, r9 = the block's offset
# in the PSUM bank and r11 in the strip's SBUF slot (elements; an operand
# takes one register offset).

# SP: the loads; strip s waits for tp >= s - 7.
    sp.li r1, 0
    sp.li r2, GROUPS
    sp.li r3, 0
    sp.li r5, 0
    sp.li r6, -7
sp_group:
    .irp j, 0, 1, 2, 3
    sp.dma_copy xs[:, \j, :] + r3, x[\j*P:(\j+1)*P, :] + r5, q\j.0 wait(tp >= r6) signal(ld\j)
    sp.addi r6, r6, 1
    .endr
    sp.xori r3, r3, 4 * N
    sp.addi r5, r5, 4 * STRIP
    sp.addi r1, r1, 1
    sp.blt r1, r2, sp_group

# PE: for each strip, wait for it (ld<j> >= g + 1) and for its PSUM bank
# (cp >= s - 3), transpose its NB blocks, then signal tp. The nop carries the
# waits and the signal; the engine runs its stream in order, so the signal
# comes after the last matmul has completed.
    pe.li r1, 0
    pe.li r2, GROUPS
    pe.li r3, 0
    pe.li r6, 1                 # ld<j> >= g + 1
    pe.li r7, -3                # cp >= s - 3
    pe.li r10, NB
    pe.sem_wait idn, ge, 1
pe_group:
    .irp j, 0, 1, 2, 3
    pe.nop wait(ld\j >= r6, cp >= r7)
    pe.li r8, 0
    pe.li r9, 0
    pe.mov r11, r3
pe_blocks\j:
    matmul pt[:, \j, 0:P] + r9, xs[:, \j, 0:P] + r11, id, transpose=true
    pe.addi r9, r9, P
    pe.addi r11, r11, P
    pe.addi r8, r8, 1
    pe.blt r8, r10, pe_blocks\j
    pe.nop signal(tp)
    pe.addi r7, r7, 1
    .endr
    pe.xori r3, r3, 4 * N
    pe.addi r6, r6, 1
    pe.addi r1, r1, 1
    pe.blt r1, r2, pe_group

# DVE: copy each strip's bank to SBUF once PE is done with it (tp >= s + 1)
# and store(s - 8) has emptied the SBUF slot (st<j> >= g - 1). Same dtype on
# Vector: a bit-exact copy (ScalarE would pass the values through fp32).
    dve.li r1, 0
    dve.li r2, GROUPS
    dve.li r3, 0
    dve.li r6, 1                # tp >= s + 1
    dve.li r7, -1               # st<j> >= g - 1
dve_group:
    .irp j, 0, 1, 2, 3
    dve.tensor_copy ys[:, \j, :] + r3, pt[:, \j, :] wait(tp >= r6, st\j >= r7) signal(cp)
    dve.addi r6, r6, 1
    .endr
    dve.xori r3, r3, 4 * N
    dve.addi r7, r7, 1
    dve.addi r1, r1, 1
    dve.blt r1, r2, dve_group

# POOL: the identity.
    pool.memset on, 1.0
    pool.affine_select id, on, equal, 0, [-1], 0.0, partition_mult=1 signal(idn)

# ACT: the stores, each once DVE has copied its strip (cp >= s + 1). Strip
# s is column block s of out: rows 0..N-1 in NB blocks of 128, one run of P
# elements per row and block.
    act.li r1, 0
    act.li r2, GROUPS
    act.li r3, 0
    act.li r5, 0
    act.li r6, 1               # cp >= s + 1
act_group:
    .irp q, 4, 5, 6, 7            # strip j = \+ of the group, on queue q<4+j>.0
    act.dma_copy ap(hbm bf16, [N, P], addr(out) + \+ * P * 2, [P * N, NB], [1, P]) + r5, ys[:, \+, :] + r3, q\q.0 wait(cp >= r6) signal(st\+)
    act.addi r6, r6, 1
    .endr
    act.xori r3, r3, 4 * N
    act.addi r5, r5, 4 * P
    act.addi r1, r1, 1
    act.blt r1, r2, act_group
