.chip trn2
.tensor x : fp32[2, 8] input = fill(1)
.sbuf recv : fp32[2, 8]
.sem got
sp.li r3, 7
sp.dma_copy_core recv, x, r3, q0.1, got
