# A 64 MiB fp32 all-reduce over the 16 chips of a trn2.48xlarge, one core per
# chip (docs/examples/allreduce/README.md):
#
#   trn-emu --system trn2.48xlarge --cores 1 allreduce.s --random-inputs --report
#
# Each core's x is [256, 65536] fp32, 64 MiB. One all_reduce operand is one
# DMA access pattern, at most 128 rows, so the program reduces its two
# halves with two instructions; the system runs them one after the other on
# the same links.
#
# pin-outputs: skip (16 x 64 MiB on every chip; testsuite/examples/allreduce.test
# checks its time, allreduce-check.s its result)
.chip trn2
.tensor x : fp32[256, 65536] input
.tensor y : fp32[256, 65536] output
.sem done
sp.all_reduce y[0:128, :], x[0:128, :] signal(done)
sp.all_reduce y[128:256, :], x[128:256, :] signal(done)
sp.li r9, 0 wait(done >= 2)          # both halves are in y
