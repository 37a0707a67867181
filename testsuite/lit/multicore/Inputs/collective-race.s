# Core k sends x to the other core with sendrecv on POOL, and SP copies what
# it received to z after the sendrecv's signal: no race (collective-race.s in
# the folder above).
.chip trn2
.tensor x : fp32[16] input
.tensor y : fp32[16] scratch
.tensor z : fp32[16] output
.sem done
pool.core_id r1
pool.li r2, 1
pool.sub r2, r2, r1
pool.sendrecv y, x, r2, r2 signal(done)
sp.dma_copy z, y, q0.0 wait(done >= 1)
