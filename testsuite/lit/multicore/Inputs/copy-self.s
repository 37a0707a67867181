.chip trn2
.tensor x : fp32[2, 8] input
.tensor y : fp32[2, 8] output
.sbuf xs : fp32[2, 8]
.sbuf recv : fp32[2, 8]
.sem loaded
.sem got
sp.dma_copy xs, x, q0.0 signal(loaded)
sp.dma_copy_core recv, xs, r0, q0.1, got wait(loaded >= 1)
sp.dma_copy y, recv, q0.2 wait(got >= 1)
