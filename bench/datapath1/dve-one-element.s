# trn-bench: goal=datapath1
# One-element datapath instructions in a loop on the Vector engine:
# tensor_scalar and tensor_copy on [1, 1] tiles, each reading what the one
# before wrote, 200,000 iterations (0.8 M simulated instructions).

.const ITERATIONS = 200000

.tensor out : fp32[1, 1] output
.sbuf a : fp32[1, 1]
.sbuf b : fp32[1, 1]
.sem done

    dve.memset a, 1.0
    dve.li r1, 0
    dve.li r2, ITERATIONS
loop:
    dve.tensor_scalar b, a, multiply, 0.5, op1=add, operand1=0.5
    dve.tensor_copy a, b
    dve.addi r1, r1, 1
    dve.blt r1, r2, loop
    dve.nop signal(done)
    sp.dma_copy out, a, q0.0 wait(done >= 1)
