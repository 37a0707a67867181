# Each core stores its own row of the shared tensor, then both meet at
# core_barrier and read both rows: ordered (race-barrier.s).
.chip trn2
.tensor rows : fp32[2, 64] output shared
.tensor seen : fp32[2, 64] output
.sbuf t : fp32[1, 64]
.sbuf s : fp32[2, 64]
.sem done
.sem stored
.sem bar
.sem got
    sp.core_id r1
    sp.muli r3, r1, 64
    dve.memset t, 1.0 signal(done)
    sp.dma_copy rows[0:1, :] + r3, t, q0.0 wait(done >= 1) signal(stored)
    sp.nop wait(stored >= 1)
    sp.core_barrier bar
    sp.dma_copy s, rows, q0.1 signal(got)
    sp.dma_copy seen, s, q0.2 wait(got >= 1)
