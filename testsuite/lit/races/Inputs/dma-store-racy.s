# engine-dma-store.s with a longer memset (16 KiB per partition, several
# microseconds on DVE): the store's transfer starts, and reads y, long before
# DVE has written it, on every chip.
.tensor out : fp32[128, 4096] output
.sbuf y : fp32[128, 4096]
.sem done

    dve.memset y, 3.0 signal(done)
    sp.dma_copy out, y, q0.0
