# DVE waits for a signal nobody sends after the first: the run deadlocks.
.sbuf x : fp32[2, 4]
.sem go
pool.nop signal(go)
dve.memset x, 1.0 wait(go >= 1)
dve.memset x, 2.0 wait(go >= 2)
