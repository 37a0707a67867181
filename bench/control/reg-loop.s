# trn-bench: goal=control
# A register loop on one engine: 2,000,000 iterations of four register
# instructions and a branch (10 M simulated instructions), the count stored
# at the end.

.const ITERATIONS = 2000000

.tensor out : int32[1] output

    sp.li r1, 0
    sp.li r2, ITERATIONS
    sp.li r3, 0
loop:
    sp.addi r1, r1, 1
    sp.add r3, r3, r1
    sp.xori r4, r3, 0x55
    sp.and r3, r3, r4
    sp.blt r1, r2, loop
    sp.reg_store out[0], r1
