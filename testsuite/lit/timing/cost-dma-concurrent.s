# RUN: trn-emu --chip trn1 --trace-text %s | FileCheck %s --check-prefix=TRN1
# RUN: trn-emu --chip trn2 --trace-text %s | FileCheck %s --check-prefix=TRN2
# RUN: trn-emu --chip trn3 --trace-text %s | FileCheck %s --check-prefix=TRN3
#
# DMA: triggers from ACT and POOL, and transfers sharing the HBM share and
# the DMA engines (src/emu/DmaModel.cpp; the rules are in cost-dma.s).

.tensor h : fp32[128, 1024] scratch
.sbuf s : fp32[128, 1024]
.sbuf t : fp32[128, 1024]
.sbuf u : fp32[128, 1024]
.sem done

    act.dma_copy s[0:64], h[0:64], q0.0 signal(done)
    pool.dma_copy s[64:128], h[64:128], q1.0 signal(done)
    sp.dma_copy t[:, 0:512], s[:, 512:1024], q2.0 wait(done >= 2)
    sp.dma_copy u[:, 512:1024], t[:, 512:1024], q3.0

# (a) ACT and POOL trigger a DMA each: DMA_TRIGGER = 64 cycles of their own
#     clock (1400 MHz on trn1: 45.715 ns; 1200 MHz on trn2/trn3: 53.334 ns).
# TRN1:      0.000 45.715 ACT 64 act.dma_copy
# TRN1-NEXT: 0.000 45.715 POOL 64 pool.dma_copy
# TRN2:      0.000 53.334 ACT 64 act.dma_copy
# TRN2-NEXT: 0.000 53.334 POOL 64 pool.dma_copy
# TRN3:      0.000 53.334 ACT 64 act.dma_copy
# TRN3-NEXT: 0.000 53.334 POOL 64 pool.dma_copy

# (b) The two HBM -> SBUF transfers (partitions 0-63 and 64-127, 4096 B per
#     partition, 262144 B each) start together and use 8 engines each, 32768 B
#     per engine. Alone, one would run at 8 x 27.2 = 217.6 GB/s, below the HBM
#     share (1300 + 32768 / 27.2 = 1300 + 1204.706 ns). Together the 16 engines
#     ask 435.2 GB/s: scaled to the share, each engine gets
#     trn1: 410 / 16 = 25.625 GB/s: 32768 / 25.625 = 1278.7512 -> 1278.752 ns,
#           end = 45.715 + 1300 + 1278.752 = 2624.467
#     trn2: 362.5 / 16 = 22.65625 GB/s: 1446.3117 -> 1446.312 ns; end 2799.646
#     trn3: 612.5 / 16 = 38.28125 GB/s (of 38.4): 855.9804 -> 855.981 ns; end 2209.315
#     Completions at the same time are reported by queue.
# TRN1-NEXT: 45.715 2624.467 q0.0 - dma of 262144 bytes for ACT #0
# TRN1-NEXT: 45.715 2624.467 q1.0 - dma of 262144 bytes for POOL #0
# TRN2-NEXT: 53.334 2799.646 q0.0 - dma of 262144 bytes for ACT #0
# TRN2-NEXT: 53.334 2799.646 q1.0 - dma of 262144 bytes for POOL #0
# TRN3-NEXT: 53.334 2209.315 q0.0 - dma of 262144 bytes for ACT #0
# TRN3-NEXT: 53.334 2209.315 q1.0 - dma of 262144 bytes for POOL #0

# (c) SP waited for both (done >= 2): the signal of a DMA transfer reaches
#     its semaphore 300 ns after the transfer ends (isa/Chips.td
#     DmaToEngineSignal; cost-signal-delay.s), and SP's triggers run from then.
# TRN1-NEXT: 2924.467 2970.182 SP 64 sp.dma_copy
# TRN1-NEXT: 2970.182 3015.897 SP 64 sp.dma_copy
# TRN2-NEXT: 3099.646 3152.980 SP 64 sp.dma_copy
# TRN2-NEXT: 3152.980 3206.314 SP 64 sp.dma_copy
# TRN3-NEXT: 2509.315 2562.649 SP 64 sp.dma_copy
# TRN3-NEXT: 2562.649 2615.983 SP 64 sp.dma_copy

# (d) Two SBUF -> SBUF transfers over all 128 partitions on two queues,
#     16384 B per engine each, the second started one trigger (dt) later.
#     From its fixed latency's end the first runs alone for dt at the full
#     engine rate r, then the two share each engine (r/2 each) until the
#     first completes, then the second finishes alone at r.
#     trn1 (r = 27.2 GB/s, dt = 45.715 ns): alone 45.715 x 27.2 = 1243.448 B;
#       shared: (16384 - 1243.448) / 13.6 = 1113.2759 -> 1113.276 ns, so the
#       first ends at 2970.182 + 1300 + 45.715 + 1113.276 = 5429.173; the
#       second has 16384 - 1113.276 x 13.6 = 1243.446 B left: 45.7149 ->
#       45.715 ns more: 5474.888. (Alone, each would take 1300 + 602.353 ns.)
#     trn2 (r = 27.2, dt = 53.334): 1098.0379 -> 1098.038 ns shared, then
#       53.3339 -> 53.334 ns: 5604.352 and 5657.686.
#     trn3 (r = 38.4, dt = 53.334): 746.6653 -> 746.666 ns shared, then
#       53.3337 -> 53.334 ns: 4662.649 and 4715.983.
# TRN1-NEXT: 2970.182 5429.173 q2.0 - dma of 262144 bytes for SP #0
# TRN1-NEXT: 3015.897 5474.888 q3.0 - dma of 262144 bytes for SP #1
# TRN2-NEXT: 3152.980 5604.352 q2.0 - dma of 262144 bytes for SP #0
# TRN2-NEXT: 3206.314 5657.686 q3.0 - dma of 262144 bytes for SP #1
# TRN3-NEXT: 2562.649 4662.649 q2.0 - dma of 262144 bytes for SP #0
# TRN3-NEXT: 2615.983 4715.983 q3.0 - dma of 262144 bytes for SP #1
