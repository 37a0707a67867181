# dma-store-racy.s with the wait that orders the store after DVE's write.
.tensor out : fp32[128, 4096] output
.sbuf y : fp32[128, 4096]
.sem done

    dve.memset y, 3.0 signal(done)
    sp.dma_copy out, y, q0.0 wait(done >= 1)
