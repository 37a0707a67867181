# A 32 MiB fp32 all-reduce over the 64 chips of a Trn2 UltraServer, one
# core per chip (docs/examples/allreduce/README.md, "On a Trn2 UltraServer"):
#
#   trn-emu --system trn2-ultraserver --cores 1 allreduce-ultraserver.s \
#       --random-inputs --max-memory 8G --report
#
# Each core's x is [128, 65536] fp32, 32 MiB: one DMA access pattern, so one
# instruction. The ring crosses the UltraServer's Z links (128 GB/s, between
# its four trn2.48xlarge), which bound its time.
#
# pin-outputs: skip (64 x 32 MiB on every chip; testsuite/examples/allreduce.test
# checks its time)
.chip trn2
.tensor x : fp32[128, 65536] input
.tensor y : fp32[128, 65536] output
.sem done
sp.all_reduce y, x signal(done)
sp.li r9, 0 wait(done >= 1)
