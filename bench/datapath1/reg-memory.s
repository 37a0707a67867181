# trn-bench: goal=datapath1
# reg_load and reg_store of one int32 element in SBUF in a loop on the
# Scalar engine, with a one-element tensor_scalar between them, 200,000
# iterations (1.2 M simulated instructions).

.const ITERATIONS = 200000

.tensor out : int32[1, 1] output
.sbuf c : int32[1, 1]
.sem done

    act.li r1, 0
    act.li r2, ITERATIONS
    act.li r3, 0
loop:
    act.addi r3, r3, 3
    act.reg_store c, r3
    act.tensor_scalar c, c, add, 1.0
    act.reg_load r3, c
    act.addi r1, r1, 1
    act.blt r1, r2, loop
    act.nop signal(done)
    sp.dma_copy out, c, q0.0 wait(done >= 1)
