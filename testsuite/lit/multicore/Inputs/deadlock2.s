# Core 0 waits for two updates from core 1, which sends one.
.chip trn2
.sem go
sp.core_id r1
sp.bne r1, r0, other
sp.nop wait(go >= 2)
sp.halt
other:
sp.sem_signal_core go, 1, r0
