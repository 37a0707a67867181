# Engine-bound: the Scalar engine runs 16 exps of [128, 512] back to back
# on a tile the Vector engine set once; nothing else runs.
.sbuf xs : fp32[128, 512]
.sbuf ys : fp32[128, 512]
.sem set
    dve.memset xs, 0 signal(set)
    act.li r1, 0
    act.li r2, 16
loop:
    act.activation ys, xs, exp wait(set >= 1)
    act.addi r1, r1, 1
    act.blt r1, r2, loop
