# An all-gather over the 144 chips of a Trn3 UltraServer, one core per chip
# (README.md): each core gives 64 KiB of fp32 and gets every core's, 9 MiB.
#
#   mpirun -np 4 trn-emu --system trn3-ultraserver --cores 1 allgather-144.s \
#       --random-inputs --max-memory 12G --report
#
# pin-outputs: skip (144 x 9 MiB; testsuite/examples/ultraserver.test checks its time)
.chip trn3
.tensor x : fp32[1, 16384] input
.tensor y : fp32[128, 18432] output
.sem done
sp.all_gather y, x signal(done)
sp.li r9, 0 wait(done >= 1)
