# A small program for the command-line tests: c = a, b = a as bf16, both
# through SBUF.
.tensor a : fp32[4, 8] input
.tensor b : bf16[4, 8] output
.tensor c : fp32[4, 8] output
.sbuf x : fp32[4, 8]
sp.dma_copy x, a, q0.0 signal(s0)
sp.dma_copy c, x, q0.1 wait(s0 >= 1)
sp.dma_copy b, x, q0.2
