# dma-signal-delay.test: engines waiting on DMA transfers. DVE works in PSUM
# so that it shares no SBUF port with POOL on trn1 (port-sharing.s); the
# second transfer follows the first on its queue, so that ACT is free again
# when it ends.
.tensor h : fp32[128, 256] input
.tensor o : fp32[128, 256] output
.sbuf s : fp32[128, 256]
.sbuf t : fp32[128, 256]
.sbuf v : fp32[128, 256]
.sbuf x : fp32[128, 256]
.psum pz : fp32[128, 256]
.sem ld
.sem ld2
    sp.dma_copy s, h, q0.0 signal(ld, 16)
    sp.dma_copy x, h, q0.0 signal(ld2, 16)
    act.activation t, s, copy wait(ld >= 16)
    dve.memset pz, 0.0 wait(ld >= 16)
    pool.tensor_copy v, s wait(ld >= 16)
    act.dma_copy o, x, q2.0 wait(ld2 >= 16)
