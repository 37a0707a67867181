# An all_reduce of int32, and a reduce_scatter whose src is not 4 x dst.
.chip trn2
.tensor x : int32[16] input
.tensor y : int32[16] output
.sem done
sp.all_reduce y, x signal(done)
sp.li r9, 0 wait(done >= 1)
