# Core 0 stores the shared rows, then tells core 1 (sem_signal_core go),
# whose store waits for it: ordered (race-shared.s).
.chip trn2
.tensor acc : fp32[2, 64] output shared
.sbuf t : fp32[2, 64]
.sem done
.sem stored
.sem go
    sp.core_id r1
    sp.li r2, 1
    dve.memset t, 1.0 signal(done)
    sp.bne r1, r0, second
    sp.dma_copy acc, t, q0.0 wait(done >= 1) signal(stored)
    sp.sem_signal_core go, 1, r2 wait(stored >= 1)
    sp.halt
second:
    sp.dma_copy acc, t, q0.0 wait(done >= 1, go >= 1)
