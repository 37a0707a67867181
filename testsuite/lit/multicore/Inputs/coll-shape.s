# A reduce_scatter whose src is not 4 x dst (collective-errors.s).
.chip trn2
.tensor x : fp32[16] input
.tensor y : fp32[8] output
.sem done
sp.reduce_scatter y, x signal(done)
sp.li r9, 0 wait(done >= 1)
