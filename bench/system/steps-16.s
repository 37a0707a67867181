# trn-bench: goal=system system=trn2.48xlarge cores=1 ranks=1,2,4
#
# Scaling over MPI ranks (docs/mpi.md): a data-parallel step on the 16
# chips of a trn2.48xlarge, one core each: every core works on its own
# [128, 512] tile on the Vector engine (4,000 iterations of two
# instructions), then the 16 all-reduce the tile (256 KiB). The work runs
# on every rank at once, the all-reduce on rank 0; the figure is simulated
# time per host second for 1, 2 and 4 ranks against this one process.
.chip trn2
.const ITERATIONS = 4000
.tensor x : fp32[128, 512] input
.tensor y : fp32[128, 512] output
.sbuf a : fp32[128, 512]
.sbuf b : fp32[128, 512]
.sem loaded
.sem worked
.sem reduced
    sp.dma_copy a, x, q0.0 signal(loaded)
    dve.li r1, 0 wait(loaded >= 1)
    dve.li r2, ITERATIONS
loop:
    dve.tensor_scalar b, a, multiply, 0.5, op1=add, operand1=0.25
    dve.tensor_copy a, b
    dve.addi r1, r1, 1
    dve.blt r1, r2, loop
    dve.nop signal(worked)
    sp.dma_copy y, a, q0.1 wait(worked >= 1) signal(loaded)
    sp.all_reduce y, y wait(loaded >= 2) signal(reduced)
    sp.li r9, 0 wait(reduced >= 1)
