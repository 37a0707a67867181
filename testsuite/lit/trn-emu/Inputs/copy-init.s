# copy.s with initial data for its input.
.tensor a : fp32[4, 8] input = fill(1.5)
.tensor b : bf16[4, 8] output
.tensor c : fp32[4, 8] output
.sbuf x : fp32[4, 8]
sp.dma_copy x, a, q0.0 signal(s0)
sp.dma_copy c, x, q0.1 wait(s0 >= 1)
sp.dma_copy b, x, q0.2
