# RUN: trn-emu %s --chip trn1 --random-inputs --trace-text | FileCheck %s
# RUN: trn-emu %s --chip trn2 --random-inputs --trace-text | FileCheck %s
#
# A register names the DMA queue (16 E + Q): the loop's four loads go to
# q0.0, q0.1, q0.2 and q0.3 (r2 = 0 to 3), each into its own column block,
# and the store waits for all four. The text trace shows the queue each
# transfer ran on; the race detector, which checks every run, sees the same
# queues (four senders of 'loaded', all acquired by the wait for 4).

.tensor x : fp32[128, 1024] input
.tensor y : fp32[128, 1024] output
.sbuf xs : fp32[128, 1024]
.sem loaded

    sp.li r1, 0                          # element offset of the tile
    sp.li r2, 0                          # the queue: 16 E + Q
    sp.li r3, 4
load:
    sp.dma_copy xs[:, 0:256] + r1, x[:, 0:256] + r1, r2 signal(loaded)
    sp.addi r1, r1, 256
    sp.addi r2, r2, 1
    sp.blt r2, r3, load
    sp.dma_copy y, xs, q1.0 wait(loaded >= 4)

# CHECK: {{^ +[0-9.]+ +[0-9.]+ SP +[0-9]+ sp.dma_copy .* \+ r1, r2 signal\(s0\)$}}
# CHECK: {{^ +[0-9.]+ +[0-9.]+ q0.0 +- dma of 131072 bytes for SP #3$}}
# CHECK: {{^ +[0-9.]+ +[0-9.]+ q0.1 +- dma of 131072 bytes for SP #3$}}
# CHECK: {{^ +[0-9.]+ +[0-9.]+ q0.2 +- dma of 131072 bytes for SP #3$}}
# CHECK: {{^ +[0-9.]+ +[0-9.]+ q0.3 +- dma of 131072 bytes for SP #3$}}
# CHECK: {{^ +[0-9.]+ +[0-9.]+ q1.0 +- dma of 524288 bytes for SP #7$}}
