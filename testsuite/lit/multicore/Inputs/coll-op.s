# Core 1 gathers where the others reduce (collective-errors.s).
.chip trn2
.tensor x : fp32[16] input
.tensor y : fp32[16] output
.tensor g : fp32[4, 16] output
.sem done
sp.core_id r1
sp.li r2, 1
sp.beq r1, r2, other
sp.all_reduce y, x signal(done)
sp.jmp end
other:
sp.all_gather g, x signal(done)
end:
sp.li r9, 0 wait(done >= 1)
