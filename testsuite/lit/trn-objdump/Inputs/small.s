# A small program for trn-objdump's tests: every kind of declaration, code
# on three engines, labels and a loop. Its first DVE instruction is a
# tensor_tensor (the error tests patch its 'op' enum byte), its first SP
# instruction a dma_copy (they patch its opcode byte).
.chip trn2
.tensor x : fp32[4, 8] input = fill(1.5)
.tensor y : fp32[4, 8] output
.sbuf xs : fp32[4, 8]
.sbuf ys : fp32[4, 8]
.psum acc : fp32[4, 8]
.sem loaded = 0
.sem done at 5

    sp.dma_copy xs, x, q0.0 signal(loaded)
    sp.li r1, 3
again:
    sp.subi r1, r1, 1
    sp.bne r1, r0, again
    sp.dma_copy y, ys, q1.2 wait(done >= 1)
    sp.halt

    dve.tensor_tensor ys, xs, xs, add wait(loaded >= 1)
    dve.tensor_copy acc, ys signal(done)
fin:
    dve.halt
