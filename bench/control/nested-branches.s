# trn-bench: goal=control
# Nested loops with data-dependent branches on two engines at once, with no
# synchronisation between them: 1,000 x 1,000 inner iterations on SP that
# branch on the parity of the counter, and a countdown on POOL that branches
# on a mask (11.7 M simulated instructions).

.const OUTER = 1000
.const INNER = 1000

.tensor out : int32[2] output

    sp.li r1, 0              # i
    sp.li r2, OUTER
    sp.li r3, INNER
    sp.li r5, 0              # sum
    sp.li r9, 0
outer:
    sp.li r4, 0              # j
inner:
    sp.andi r6, r4, 1
    sp.beq r6, r9, even
    sp.sub r5, r5, r4
    sp.jmp next
even:
    sp.add r5, r5, r4
next:
    sp.addi r4, r4, 1
    sp.blt r4, r3, inner
    sp.addi r1, r1, 1
    sp.blt r1, r2, outer
    sp.reg_store out[0], r5

    pool.li r1, 1500000      # countdown
    pool.li r2, 0
    pool.li r3, 0
    pool.li r9, 0
count:
    pool.andi r4, r1, 7
    pool.bne r4, r9, skip
    pool.addi r3, r3, 1
skip:
    pool.subi r1, r1, 1
    pool.blt r2, r1, count
    pool.reg_store out[1], r3
