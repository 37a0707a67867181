# trn-bench: goal=control
# Semaphore ping-pong between two engines: SP signals ping and waits for
# pong, ACT waits for ping and signals pong, 500,000 round trips (3.5 M
# simulated instructions). Each side counts its rounds in a register and
# waits for the semaphore to reach it.

.const ROUNDS = 500000

.tensor out : int32[2] output
.sem ping
.sem pong

    sp.li r1, 1
    sp.li r2, ROUNDS + 1
serve:
    sp.nop signal(ping)
    sp.nop wait(pong >= r1)
    sp.addi r1, r1, 1
    sp.blt r1, r2, serve
    sp.reg_store out[0], r1

    act.li r1, 1
    act.li r2, ROUNDS + 1
answer:
    act.nop wait(ping >= r1) signal(pong)
    act.addi r1, r1, 1
    act.blt r1, r2, answer
    act.reg_store out[1], r1
