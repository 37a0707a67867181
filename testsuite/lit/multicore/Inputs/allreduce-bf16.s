# One bf16 element per core and chunk (collectives.s).
.chip trn2
.tensor x : bf16[4] input
.tensor y : bf16[4] output
.sem done
sp.all_reduce y, x signal(done)
sp.li r9, 0 wait(done >= 1)
