# trn-bench: goal=control
# A token passed around a ring of four engines (SP -> ACT -> POOL -> DVE ->
# SP) with semaphores, 200,000 times round, each engine counting its turns
# in a register (2.8 M simulated instructions). Only one engine runs
# at a time: the schedule is the signal latency, not the work.

.const ROUNDS = 200000

.tensor out : int32[4] output
.sem to_act
.sem to_pool
.sem to_dve
.sem to_sp

    sp.li r1, 1
    sp.li r2, ROUNDS + 1
sp_turn:
    sp.nop signal(to_act)
    sp.sem_wait to_sp, ge, 1
    sp.sem_signal to_sp, -1
    sp.addi r1, r1, 1
    sp.blt r1, r2, sp_turn
    sp.reg_store out[0], r1

    act.li r1, 1
    act.li r2, ROUNDS + 1
act_turn:
    act.nop wait(to_act >= r1) signal(to_pool)
    act.addi r1, r1, 1
    act.blt r1, r2, act_turn
    act.reg_store out[1], r1

    pool.li r1, 1
    pool.li r2, ROUNDS + 1
pool_turn:
    pool.nop wait(to_pool >= r1) signal(to_dve)
    pool.addi r1, r1, 1
    pool.blt r1, r2, pool_turn
    pool.reg_store out[2], r1

    dve.li r1, 1
    dve.li r2, ROUNDS + 1
dve_turn:
    dve.nop wait(to_dve >= r1) signal(to_sp)
    dve.addi r1, r1, 1
    dve.blt r1, r2, dve_turn
    dve.reg_store out[3], r1
