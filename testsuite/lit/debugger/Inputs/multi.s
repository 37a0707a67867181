# One source line on two engines (an .irp body), a PSUM allocation, and two
# transfers on one DMA queue (testsuite/lit/debugger/multi.test).
.tensor o : fp32[2, 4] output
.sbuf dve_t : fp32[2, 4]
.sbuf pool_t : fp32[2, 4]
.psum p : fp32[2, 4]
.sem s
.sem copied
.irp e, dve, pool
\e.memset \e\()_t, 3.0 signal(s)
.endr
dve.memset p, 2.5
sp.dma_copy o, dve_t, q0.0 wait(s >= 2) signal(copied)
sp.dma_copy o, pool_t, q0.0 signal(copied)
act.sem_wait copied, ge, 2
