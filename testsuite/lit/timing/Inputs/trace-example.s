# An example kernel for the trace tests: two tiles of y = tanh(w^T . x + p),
# with DMA on five queues, PE, DVE, ACT and POOL work ordered by semaphores.
#   SP:   DMA w and the two x tiles in; DMA the two results out
#   POOL: p = partition index (iota), the per-partition bias
#   PE:   one matmul per tile into its own PSUM bank
#   DVE:  copy each PSUM tile to SBUF
#   ACT:  tanh(h + p) per tile

.tensor w : bf16[128, 128] input
.tensor x : bf16[2, 128, 512] input
.tensor y : fp32[2, 128, 512] output

.sbuf w_s : bf16[128, 128]
.sbuf x_s : bf16[128, 2, 512]
.sbuf h_s : fp32[128, 2, 512]
.sbuf y_s : fp32[128, 2, 512]
.sbuf p_s : fp32[128, 1]
.psum acc : fp32[128, 2, 512]

.sem wl        # w loaded
.sem xl0       # x tile 0 loaded
.sem xl1       # x tile 1 loaded (a semaphore per queue: transfers on
               # different queues complete in any order)
.sem mm        # tiles multiplied
.sem cp        # tiles copied out of PSUM
.sem ac        # tiles activated
.sem pb        # bias ready

    sp.dma_copy w_s, w, q0.0 signal(wl, 16)
    sp.dma_copy x_s[:, 0, :], x[0], q1.0 signal(xl0, 16)
    sp.dma_copy x_s[:, 1, :], x[1], q2.0 signal(xl1, 16)
    pool.iota p_s, 0, [0], partition_mult=1 signal(pb)
    pe.matmul acc[:, 0, :], w_s, x_s[:, 0, :] wait(wl >= 16, xl0 >= 16) signal(mm)
    pe.matmul acc[:, 1, :], w_s, x_s[:, 1, :] wait(xl1 >= 16) signal(mm)
    dve.tensor_copy h_s[:, 0, :], acc[:, 0, :] wait(mm >= 1) signal(cp)
    dve.tensor_copy h_s[:, 1, :], acc[:, 1, :] wait(mm >= 2) signal(cp)
    act.activation y_s[:, 0, :], h_s[:, 0, :], tanh, bias=p_s wait(cp >= 1, pb >= 1) signal(ac)
    act.activation y_s[:, 1, :], h_s[:, 1, :], tanh, bias=p_s wait(cp >= 2) signal(ac)
    sp.dma_copy y[0], y_s[:, 0, :], q3.0 wait(ac >= 1)
    sp.dma_copy y[1], y_s[:, 1, :], q4.0 wait(ac >= 2)
