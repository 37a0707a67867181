# Core 3 never joins the all_reduce (collective-errors.s).
.chip trn2
.tensor x : fp32[16] input
.tensor y : fp32[16] output
.sem done
sp.core_id r1
sp.li r2, 3
sp.beq r1, r2, end
sp.all_reduce y, x signal(done)
sp.li r9, 0 wait(done >= 1)
end:
sp.nop
