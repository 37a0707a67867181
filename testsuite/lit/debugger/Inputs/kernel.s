# The debugger's tests run this kernel (testsuite/lit/debugger/*.test):
# POOL fills x with 8 p + j, DVE doubles it into y, SP counts to 3 in a loop
# and copies y to o, ACT waits for the copy. Lines are referred to by number.
.tensor o : fp32[4, 8] output
.sbuf x : fp32[4, 8]
.sbuf y : fp32[4, 8]
.sem ready
.sem done
.sem out

pool.iota x, 0, [1], partition_mult=8 signal(ready)
dve.tensor_scalar y, x, multiply, 2.0 wait(ready >= 1) signal(done)
sp.li r1, 0
sp.li r2, 3
loop:
sp.addi r1, r1, 1
sp.blt r1, r2, loop
sp.dma_copy o, y, q0.0 wait(done >= 1) signal(out)
act.sem_wait out, ge, 1
.rept 2
pool.nop
.endr
