# trn-bench: goal=control
# A small register loop.
    sp.li r1, 0
    sp.li r2, 1000
loop:
    sp.addi r1, r1, 1
    sp.blt r1, r2, loop
