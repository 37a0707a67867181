# Everything that crosses chips, for the rank-count tests: the four group
# collectives, a sendrecv ring, a dma_copy_core ring and a fan-in of
# sem_signal_core to core 0, on every core of the system (SPMD). Sized for
# 32 cores (trn2.48xlarge --cores 2): 256 elements split 32 ways.
.chip trn2
.tensor x : fp32[32, 8] input
.tensor ar : fp32[32, 8] output
.tensor ag : fp32[32, 32, 8] output
.tensor rs : fp32[8] output
.tensor a2a : fp32[32, 8] output
.tensor ring : fp32[32, 8] output
.tensor copied : fp32[32, 8] output
.sbuf xs : fp32[32, 8]
.sbuf recv : fp32[32, 8]
.sem done
.sem loaded
.sem got
.sem hello
sp.all_reduce ar, x signal(done)
act.all_gather ag, x signal(done)
pool.reduce_scatter rs, x signal(done)
sp.all_to_all a2a, x signal(done)
sp.core_id r1
sp.core_count r2
sp.addi r3, r1, 1             # next, around
sp.blt r3, r2, next
sp.li r3, 0
next:
sp.addi r4, r1, -1            # previous, around
sp.bge r4, r0, prev
sp.addi r4, r2, -1
prev:
sp.sendrecv ring, x, r3, r4 signal(done)
sp.dma_copy xs, x, q0.0 signal(loaded)
sp.dma_copy_core recv, xs, r3, q0.1, got wait(loaded >= 1)
sp.dma_copy copied, recv, q0.2 wait(got >= 1) signal(done)
sp.sem_signal_core hello, 1, r0
sp.li r9, 0 wait(done >= 6)
sp.bne r1, r0, end
sp.nop wait(hello >= 32)
end:
sp.halt
