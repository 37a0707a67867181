# trn-bench: goal=system system=trn2.48xlarge
.tensor x : fp32[8] input
.tensor y : fp32[8] output
.sem done
sp.all_reduce y, x signal(done)
