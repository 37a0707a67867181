# The same all-reduce on 1 MiB per core, checked element by element against
# trn-ref-allreduce (ref.cpp): [128, 2048] fp32.
.chip trn2
.tensor x : fp32[128, 2048] input
.tensor y : fp32[128, 2048] output
.sem done
sp.all_reduce y, x signal(done)
sp.li r9, 0 wait(done >= 1)
