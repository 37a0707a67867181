# RUN: rm -rf %t && trn-kernel-ref matmul-ktiled %t
# RUN: trn-emu --strict %s --in a=%t/a.npy --in b=%t/b.npy --out out=%t/out.npy \
# RUN:   --check out=%t/ref.npy --rtol 0 --atol 0 2>&1 \
# RUN:   | FileCheck %s --implicit-check-not=warning --implicit-check-not=MISMATCH
# RUN: cmp %t/out.npy %t/ref.npy
# CHECK: check out: ok, 65536 elements within rtol=0 atol=0 (max abs error 0, max rel error 0)
#
# A K-tiled matmul: out[128, 512] = a[512, 128]^T . b[512, 512], bf16 in,
# fp32 out. The contraction (K = 512) is longer than the 128 partitions, so
# it runs as four K-tiles of 128 accumulated in one PSUM bank: the first
# matmul overwrites, the other three accumulate.
#
# Both sides loop over the K-tiles with registers, and every tensor operand
# that moves with the tile takes a register offset (in elements). SBUF holds
# two slots per operand (double buffering): tile kt goes to slot kt & 1, so
# SP may load tile kt only once the matmul of tile kt - 2 has read that slot.
#
#   SP:  for kt in 0..3: wait for the matmul of tile kt - 2 (mm >= kt - 1),
#        then DMA a's and b's tile kt into slot kt & 1 (a_ld, b_ld +16 each)
#   PE:  matmul tile 0 (overwrite), then for kt in 1..3 matmul tile kt
#        (accumulate), each after its own two DMAs (a_ld, b_ld >= 16 (kt+1));
#        each signals mm
#   DVE: copy PSUM -> SBUF after the fourth matmul
#   SP:  DMA the result out after the copy
#
# One semaphore per operand: a queue completes in order, so a_ld >= 16 (kt+1)
# means a's tiles 0..kt have all landed; a shared count could be reached by
# one queue running ahead of the other.

.chip trn2
.const KT = 4          # K-tiles
.const K = 128 * KT
.const M = 128
.const N = 512

.tensor a   : bf16[K, M] input
.tensor b   : bf16[K, N] input
.tensor out : fp32[M, N] output

.sbuf a_t : bf16[128, 2, M]  # two slots
.sbuf b_t : bf16[128, 2, N]
.sbuf o_t : fp32[M, N]
.psum acc : fp32[M, N]

.sem a_ld   # +16 per tile of a in SBUF
.sem b_ld   # +16 per tile of b in SBUF
.sem mm     # +1 per matmul done
.sem copied # +1 when the result is in SBUF

# SP: the loads, then the store.
    sp.li r1, 0                 # kt
    sp.li r2, KT
load:
    sp.addi r3, r1, -1          # slot kt & 1 is free once mm >= kt - 1 (-1 and 0: at once)
    sp.andi r5, r1, 1           # slot
    sp.muli r6, r5, M           # a_t offset of the slot, elements
    sp.muli r7, r5, N           # b_t offset of the slot
    sp.muli r8, r1, 128 * M     # a offset of rows 128 kt.., elements
    sp.muli r9, r1, 128 * N     # b offset of rows 128 kt..
    sp.dma_copy a_t[:, 0, :] + r6, a[0:128, :] + r8, q0.0 wait(mm >= r3) signal(a_ld, 16)
    sp.dma_copy b_t[:, 0, :] + r7, b[0:128, :] + r9, q1.0 wait(mm >= r3) signal(b_ld, 16)
    sp.addi r1, r1, 1
    sp.blt r1, r2, load
    sp.dma_copy out, o_t, q2.0 wait(copied >= 1)

# PE: tile 0 starts the accumulation group, tiles 1..3 add to it.
    matmul acc, a_t[:, 0, :], b_t[:, 0, :], acc=overwrite wait(a_ld >= 16, b_ld >= 16) signal(mm)
    pe.li r1, 1                 # kt
    pe.li r2, KT
    pe.li r3, 32                # tile kt is in SBUF once a_ld, b_ld >= 16 (kt + 1)
accumulate:
    pe.andi r5, r1, 1
    pe.muli r6, r5, M
    pe.muli r7, r5, N
    matmul acc, a_t[:, 0, :] + r6, b_t[:, 0, :] + r7, acc=accumulate wait(a_ld >= r3, b_ld >= r3) signal(mm)
    pe.addi r3, r3, 16
    pe.addi r1, r1, 1
    pe.blt r1, r2, accumulate

# DVE: evacuate PSUM after the last K-tile.
    dve.tensor_copy o_t, acc wait(mm >= KT) signal(copied)
