# Core 0 all-reduces 8 elements, the others 16 (collective-errors.s).
.chip trn2
.tensor x : fp32[16] input
.tensor y : fp32[16] output
.sem done
sp.core_id r1
sp.beq r1, r0, small
sp.all_reduce y, x signal(done)
sp.jmp end
small:
sp.all_reduce y[0:8], x[0:8] signal(done)
end:
sp.li r9, 0 wait(done >= 1)
