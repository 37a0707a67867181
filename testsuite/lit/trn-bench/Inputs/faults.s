# Waits for a signal nobody sends.
.sem never
    sp.sem_wait never, ge, 1
