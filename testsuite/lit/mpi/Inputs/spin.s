# A long run on every core (the dead-rank test kills a rank during it).
.chip trn2
sp.li r2, 200000000
loop:
sp.addi r2, r2, -1
sp.bne r2, r0, loop
