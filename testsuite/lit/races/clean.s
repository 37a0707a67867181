# Correct synchronisation the detector must accept (no false positives):
# transfers on one queue are ordered; an engine's own DMA trigger comes after
# its earlier writes; a semaphore with one sender counts exactly; an initial
# value counts as signals; waiting for the total of several queues orders
# them all; sem_wait acquires like a wait clause; reads by many engines of
# the same data need no order among themselves.
# RUN: trn-emu --chip trn1 %s --random-inputs 2>&1 | FileCheck %s
# RUN: trn-emu --chip trn2 %s --random-inputs 2>&1 | FileCheck %s
# RUN: trn-emu --chip trn3 %s --random-inputs 2>&1 | FileCheck %s
# CHECK-NOT: race
# CHECK: ran {{[0-9]+}} instructions

.tensor x : fp32[4, 128, 64] input
.tensor out : fp32[4, 128, 64] output
.sbuf a : fp32[128, 4, 64]
.sbuf b : fp32[128, 4, 64]
.sem ready          # one sender: queue q0.0
.sem three          # three senders, waited for in total
.sem credit = 2     # two buffers free at the start
.sem copied

    # Same queue: the second load may overwrite what the first wrote.
    sp.dma_copy a[:, 0, :], x[0], q0.0
    sp.dma_copy a[:, 0, :], x[1], q0.0 signal(ready)
    # One sender: ready >= 1 is exactly the second transfer (and so the first).
    pool.tensor_copy b[:, 0, :], a[:, 0, :] wait(ready >= 1)
    # An engine's trigger follows its own earlier writes.
    pool.dma_copy out[0], b[:, 0, :], q4.0 wait(credit >= 2)
    # Three queues, waited for in total.
    sp.dma_copy a[:, 1, :], x[1], q1.0 signal(three)
    sp.dma_copy a[:, 2, :], x[2], q2.0 signal(three)
    sp.dma_copy a[:, 3, :], x[3], q3.0 signal(three)
    act.sem_wait three, ge, 3
    act.tensor_copy b[:, 1, :], a[:, 1, :]
    dve.tensor_copy b[:, 2, :], a[:, 1, :] wait(three >= 3) signal(copied)
    pool.tensor_copy b[:, 3, :], a[:, 3, :] wait(three >= 3) signal(copied)
    act.dma_copy out[1:4], b[:, 1:4, :], q5.0 wait(copied >= 2)
