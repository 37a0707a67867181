# trn-bench: goal=system system=trn2.48xlarge cores=1
#
# docs/examples/allreduce: a 64 MiB fp32 all-reduce over the 16 chips of a
# trn2.48xlarge, one core per chip. The figure is simulated time per host
# second, with the host's peak memory for 16 cores of 64 MiB in and out.
.chip trn2
.tensor x : fp32[256, 65536] input
.tensor y : fp32[256, 65536] output
.sem done
sp.all_reduce y[0:128, :], x[0:128, :] signal(done)
sp.all_reduce y[128:256, :], x[128:256, :] signal(done)
sp.li r9, 0 wait(done >= 2)
