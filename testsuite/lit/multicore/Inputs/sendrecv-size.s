# Core 0 sends 16 elements to core 1, which takes 8 (collective-errors.s).
.chip trn2
.tensor x : fp32[16] input
.tensor y : fp32[16] output
.sem done
sp.core_id r1
sp.li r2, 1
sp.sub r3, r2, r1             # the other core
sp.beq r1, r0, zero
sp.sendrecv y[0:8], x[0:8], r3, r3 signal(done)
sp.jmp end
zero:
sp.sendrecv y, x, r3, r3 signal(done)
end:
sp.li r9, 0 wait(done >= 1)
