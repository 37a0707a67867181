# DVE refills y in a loop while SP's stores of y wait for nothing: every
# iteration races, in both directions.
.tensor out : fp32[8, 128, 128] output
.sbuf y : fp32[128, 128]

    dve.li r1, 0
    dve.li r2, 8
fill:
    dve.memset y, 1.0
    dve.addi r1, r1, 1
    dve.blt r1, r2, fill
    sp.li r1, 0
    sp.li r2, 8
    sp.li r3, 0
store:
    sp.dma_copy out[0] + r3, y, q0.0
    sp.addi r3, r3, 16384
    sp.addi r1, r1, 1
    sp.blt r1, r2, store
