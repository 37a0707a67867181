# GEMM, step 2 of 4: hoisted loads.
#
#   out[M, N] = lhsT[K, M]^T . rhs[K, N],  M = N = K = 1024, bf16 in, fp32 out
#
# The NKI tutorial's nki_matmul_hoist_load_: the loads move out of the k
# loop. For each m, the whole column block lhsT[:, m] ([1024, 128], all 8
# k-tiles, 256 KiB) is loaded once and serves both n; for each (m, n) the
# whole column block rhs[:, n] ([1024, 512], 1 MiB) is loaded once and its 8
# k-tiles feed the 8 matmuls of the tile. Each block is one DMA: 8 k-tiles
# side by side in the free dimension of SBUF ([128, 8, 128] and [128, 8, 512]),
# so the ~1.3 us fixed cost of a transfer is paid 24 times instead of 256.
# Traffic: lhsT 2 MiB (once) + rhs 16 MiB (once per m) + out 4 MiB = 22 MiB,
# against step 1's 24 MiB: rhs is still read 8 times.
#
#   SP   (loads):  for m: lhsT column m into slot m & 3 (queue q0.0, lhs_ld
#                  +16) once the tiles of m - 4 are done (mm >= 16 (m - 3));
#                  then for n: rhs column n into slot u & 3, u = 2m + n (queue
#                  q1.<u & 3>, rhs_ld<u & 3> +16) once tile u - 4, the slot's
#                  last reader, is done (mm >= 8 (u - 3))
#   PE   (matmul): tile u = (m, n) in bank u & 3 once tile u - 4 is copied out
#                  (copied >= u - 3) and its column blocks have landed; 8
#                  matmuls in increasing k, +1 mm each
#   DVE  (evac):   tile u after its 8th matmul (mm >= 8 (u + 1)), into result
#                  slot u & 1 once that slot's previous store is done
#   POOL (stores): tile u once copied
#
# lhsT has one queue and one semaphore: a column block is needed only every
# two tiles, so one transfer in flight is enough. rhs has four slots, each
# with its own queue and semaphore (tile u = 2m + n uses slot u & 3), so the
# next three column blocks load while the PE works on one: a 1 MiB transfer
# takes ~1.3 us + 2.9 us, the PE needs a new one every 1.7 us. With the
# slots and banks fixed by u & 3, the PE and SP loop bodies cover two m
# (four tiles) and every operand and semaphore in them is static.

.chip trn2
.const K = 1024
.const M = 1024
.const N = 1024
.const TK = 128
.const TM = 128
.const TN = 512
.const KT = K / TK       # 8 k-tiles
.const MT = M / TM       # 8
.const TILES = MT * (N / TN)   # 16 output tiles

.tensor lhsT : bf16[K, M] input
.tensor rhs  : bf16[K, N] input
.tensor out  : fp32[M, N] output

.sbuf lhs_c : bf16[TK, 4, KT, TM]  # slot m & 3: lhsT[:, m] as [k-row, k-tile, m]
.sbuf rhs_c : bf16[TK, 4, KT, TN]  # slot u & 3: rhs[:, n] as [k-row, k-tile, n]
.sbuf res_t : fp32[TM, 2, TN]      # 2 result slots
.psum acc   : fp32[TM, 4, TN]      # 4 banks

.sem lhs_ld    # +16 per lhsT column block (queue q0.0)
.sem rhs_ld0   # +16 per rhs column block in slot 0 (queue q1.0)
.sem rhs_ld1   # ... slot 1 (q1.1)
.sem rhs_ld2   # ... slot 2 (q1.2)
.sem rhs_ld3   # ... slot 3 (q1.3)
.sem mm        # +1 per matmul done
.sem copied    # +1 per result tile copied to SBUF
.sem stored0   # +16 per store from result slot 0 (queue q2.0)
.sem stored1   # +16 per store from result slot 1 (queue q2.1)

# ---- SP: two m per iteration. r1 = m * TM (lhsT column offset), r3 = the
# offset of lhsT slot m & 3 in elements, r6 = the mm count that frees it
# (16 (m - 3): the tiles of m - 4 are done), r7 the one that frees the next
# rhs slot (8 (u - 3)). The lhsT loads must not hold up the rhs loads behind
# them in the SP stream, hence four lhsT slots: each is free long before it
# is needed again. A column block is 128 partitions (k-rows) x 8
# k-tiles (128 rows apart in HBM) x 128 or 512 columns:
# ap(hbm, [row step, rows], base, [k-tile step, 8], [1, columns]).
# load_lhs: the next lhsT column block into slot r3; load_rhs S, NB: rhs
# column block NB into slot S (queue q1.S).
.macro load_lhs
    sp.dma_copy lhs_c[:, 0, :, :] + r3, ap(hbm bf16, [M, TK], addr(lhsT), [TK * M, KT], [1, TM]) + r1, q0.0 wait(mm >= r6) signal(lhs_ld, 16)
    sp.addi r1, r1, TM
    sp.addi r3, r3, KT * TM
.endm
.macro load_rhs s, nb
    sp.dma_copy rhs_c[:, \s, :, :], ap(hbm bf16, [N, TK], addr(rhs) + \nb * 2 * TN, [TK * N, KT], [1, TN]), q1.\s wait(mm >= r7) signal(rhs_ld\s, 16)
    sp.addi r7, r7, KT
.endm
    sp.li r1, 0
    sp.li r3, 0
    sp.li r6, -48
    sp.li r7, -24
    sp.li r8, M
sp_m2:
    load_lhs
    load_rhs 0, 0
    load_rhs 1, 1
    sp.addi r6, r6, 2 * KT
    load_lhs
    sp.andi r3, r3, 4 * KT * TM - 1
    load_rhs 2, 0
    load_rhs 3, 1
    sp.addi r6, r6, 2 * KT
    sp.blt r1, r8, sp_m2

# ---- PE: four tiles per iteration (m = 2i, 2i + 1; n = 0, 1): tile j of
# the four uses rhs slot j and PSUM bank j, and lhsT slot m & 3 at offset r1
# (even m) or r9 (odd m). r2 = 16 (m + 1) for the even m, r3 for the odd
# one; r8 = 16 (i + 1), the count of each rhs slot; r4 = u - 3 (bank u & 3 is
# free once tile u - 4 is copied out).
# mm_tile J, OFF, LD: tile J's eight matmuls into bank J, with lhsT at offset
# OFF once its load count (register LD) says it has landed.
.macro mm_tile j, off, ld
    pe.nop wait(copied >= r4)
    matmul acc[:, \j, :], lhs_c[:, 0, 0, :] + \off, rhs_c[:, \j, 0, :], acc=overwrite wait(lhs_ld >= \ld, rhs_ld\j >= r8) signal(mm)
    .rept KT - 1
    matmul acc[:, \j, :], lhs_c[:, 0, \+ + 1, :] + \off, rhs_c[:, \j, \+ + 1, :], acc=accumulate signal(mm)
    .endr
    pe.addi r4, r4, 1
.endm
    pe.li r1, 0
    pe.li r9, KT * TM
    pe.li r2, 16
    pe.li r3, 32
    pe.li r8, 16
    pe.li r4, -3
    pe.li r5, 0
    pe.li r6, TILES
pe_4:
    mm_tile 0, r1, r2
    mm_tile 1, r1, r2
    mm_tile 2, r9, r3
    mm_tile 3, r9, r3
    pe.xori r1, r1, 2 * KT * TM
    pe.xori r9, r9, 2 * KT * TM
    pe.addi r2, r2, 32
    pe.addi r3, r3, 32
    pe.addi r8, r8, 16
    pe.addi r5, r5, 4
    pe.blt r5, r6, pe_4

# ---- DVE: evacuate PSUM, four tiles per iteration: bank j into result slot
# j & 1. r1 = 8 (u + 1) matmuls done; r2 = 16 (u >> 1): the slot's previous
# store (tile u - 2) is done.
    dve.li r1, KT
    dve.li r2, 0
    dve.li r5, 0
    dve.li r6, TILES
dve_4:
    .irp b0, 0, 2               # banks b0 and b0 + 1 into result slots 0 and 1
    .irp s, 0, 1
    dve.tensor_copy res_t[:, \s, :], acc[:, \b0 + \s, :] wait(mm >= r1, stored\s >= r2) signal(copied)
    dve.addi r1, r1, KT
    .endr
    dve.addi r2, r2, 16
    .endr
    dve.addi r5, r5, 4
    dve.blt r5, r6, dve_4

# ---- POOL: store each result tile once it is in SBUF (r1 = m * TM * N).
    pool.li r1, 0
    pool.li r2, 1
    pool.li r6, M * N
pool_m:
    .irp n, 0, 1                # column block n of the row block, from result slot n
    pool.dma_copy out[0:128, \n*TN:(\n+1)*TN] + r1, res_t[:, \n, :], q2.\n wait(copied >= r2) signal(stored\n, 16)
    pool.addi r2, r2, 1
    .endr
    pool.addi r1, r1, TM * N
    pool.blt r1, r6, pool_m
