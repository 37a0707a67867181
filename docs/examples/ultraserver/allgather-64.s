# An all-gather over the 64 chips of a Trn2 UltraServer, one core per chip
# (README.md): each core gives 512 KiB of fp32 and gets every core's, 32 MiB.
#
#   mpirun -np 4 trn-emu --system trn2-ultraserver --cores 1 allgather-64.s \
#       --random-inputs --max-memory 8G --report
#
# pin-outputs: skip (64 x 32 MiB; testsuite/examples/ultraserver.test checks its time)
.chip trn2
.tensor x : fp32[128, 1024] input
.tensor y : fp32[128, 65536] output
.sem done
sp.all_gather y, x signal(done)
sp.li r9, 0 wait(done >= 1)
