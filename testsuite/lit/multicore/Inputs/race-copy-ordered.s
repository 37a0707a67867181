# Cores 0 and 1 swap tiles with dma_copy_core; each reads what it got
# after waiting on got, the remote_sem: ordered (race-copy.s).
.chip trn2
.tensor x : fp32[2, 8] input
.tensor y : fp32[2, 8] output
.sbuf xs : fp32[2, 8]
.sbuf recv : fp32[2, 8]
.sem loaded
.sem got
sp.core_id r1
sp.xori r3, r1, 1
sp.dma_copy xs, x, q0.0 signal(loaded)
sp.dma_copy_core recv, xs, r3, q0.1, got wait(loaded >= 1)
sp.dma_copy y, recv, q0.2 wait(got >= 1)
