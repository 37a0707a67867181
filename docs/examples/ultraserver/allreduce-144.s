# An all-reduce over the 144 chips of a Trn3 UltraServer, one core per chip
# (README.md): 7.875 MiB of fp32 per core, 144 chunks of 56 KiB.
#
#   mpirun -np 4 trn-emu --system trn3-ultraserver --cores 1 allreduce-144.s \
#       --random-inputs --max-memory 12G --report
#
# pin-outputs: skip (144 x 7.875 MiB; testsuite/examples/ultraserver.test checks its time)
.chip trn3
.tensor x : fp32[128, 16128] input
.tensor y : fp32[128, 16128] output
.sem done
sp.all_reduce y, x signal(done)
sp.li r9, 0 wait(done >= 1)
