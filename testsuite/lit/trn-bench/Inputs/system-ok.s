# trn-bench: goal=system system=trn2.48xlarge cores=1
.chip trn2
.tensor x : fp32[8] input
.tensor y : fp32[8] output
.sem done
sp.all_reduce y, x signal(done)
sp.li r9, 0 wait(done >= 1)
