# RUN: rm -rf %t && split-file %s %t
# RUN: trn-emu --chip trn1 --trace-text %t/one-queue.s | FileCheck %s --check-prefix=ONE1
# RUN: trn-emu --chip trn2 --trace-text %t/one-queue.s | FileCheck %s --check-prefix=ONE2
# RUN: trn-emu --chip trn3 --trace-text %t/one-queue.s | FileCheck %s --check-prefix=ONE3
# RUN: trn-emu --chip trn1 --trace-text %t/two-queues.s | FileCheck %s --check-prefix=TWO1
# RUN: trn-emu --chip trn2 --trace-text %t/two-queues.s | FileCheck %s --check-prefix=TWO2
# RUN: trn-emu --chip trn3 --trace-text %t/two-queues.s | FileCheck %s --check-prefix=TWO3
# RUN: trn-emu --chip trn1 --trace-text %t/hbm-share.s | FileCheck %s --check-prefix=HBM1
# RUN: trn-emu --chip trn2 --trace-text %t/hbm-share.s | FileCheck %s --check-prefix=HBM2
# RUN: trn-emu --chip trn3 --trace-text %t/hbm-share.s | FileCheck %s --check-prefix=HBM3
#
# DMA transfers in flight together: the stages of one queue overlap, two
# queues share the engines, transfers share the HBM share
# (src/emu/DmaModel.cpp; the rules and the trigger costs are in cost-dma.s).
#
# Both programs move two transfers of 128 partitions x 2048 B (16384 B per
# engine, 8 buffers) from HBM into SBUF, SP triggering them t apart (t =
# 45.715 ns on trn1, 600 ns on trn2/trn3). With all 16 engines moving, each
# gets its part of the HBM share: r = 410 / 16 = 25.625 GB/s (trn1),
# 362.5 / 16 = 22.65625 (trn2), 612.5 / 16 = 38.28125 (trn3, under 38.4),
# so the data takes D = 16384 / r = 639.376 / 723.156 / 427.991 ns.
#
# The first, alone: trigger end t, latency 110, fetch 790 (to t + 900),
# processing 360 + 8 x 5 = 400 (to t + 1300), data D, completion 40:
#   trn1 45.715 + 1340 + 639.376 = 2025.091; trn2 600 + 1340 + 723.156 =
#   2663.156; trn3 600 + 1340 + 427.991 = 2367.991.
#
# one-queue.s: the second on the same queue. Its fetch starts once the
# first's processing has (t + 900): it ends at t + 1690, its processing at
# t + 2090, after the first's data (t + 1300 + D); its data waits for the
# first's completion only if that is later (it is not: D + 40 < 790). So
# it ends 790 ns after the first, the queue's fetch being the bound:
#   trn1 2815.091, trn2 3453.156, trn3 3157.991.
# (A queue's slice in the trace runs from the previous transfer's end.)
# ONE1: 45.715 2025.091 q0.0 - dma of 262144 bytes for SP #0
# ONE1-NEXT: 2025.091 2815.091 q0.0 - dma of 262144 bytes for SP #1
# ONE2: 600.000 2663.156 q0.0 - dma of 262144 bytes for SP #0
# ONE2-NEXT: 2663.156 3453.156 q0.0 - dma of 262144 bytes for SP #1
# ONE3: 600.000 2367.991 q0.0 - dma of 262144 bytes for SP #0
# ONE3-NEXT: 2367.991 3157.991 q0.0 - dma of 262144 bytes for SP #1
#
# two-queues.s: the second on another queue. It is fetched from its own
# trigger end 2t on (2t + 110 to 2t + 900), processed when the engines have
# processed the first (from max(2t + 900, t + 1300) for 400 ns), and moves
# its data once the first's has moved (the engines move one part at a time),
# from max(that, t + 1300 + D), without waiting for the first's completion:
#   trn1: processing 1345.715..1745.715, data from 1985.091, end
#     1985.091 + 639.376 + 40 = 2664.467;
#   trn2: processing 2100..2500, data from 2623.156: end 3386.312;
#   trn3: processing 2100..2500, data from 2500: end 2500 + 427.991 + 40 =
#     2967.991.
# TWO1: 45.715 2025.091 q0.0 - dma of 262144 bytes for SP #0
# TWO1-NEXT: 91.430 2664.467 q1.0 - dma of 262144 bytes for SP #1
# TWO2: 600.000 2663.156 q0.0 - dma of 262144 bytes for SP #0
# TWO2-NEXT: 1200.000 3386.312 q1.0 - dma of 262144 bytes for SP #1
# TWO3: 600.000 2367.991 q0.0 - dma of 262144 bytes for SP #0
# TWO3-NEXT: 1200.000 2967.991 q1.0 - dma of 262144 bytes for SP #1
#
# hbm-share.s: SP and ACT trigger one transfer each at 0, partitions 0-63
# and 64-127 (8 engines each, 8 partitions x 4096 B = 32768 B per engine).
# Alone, one would move at 8 x 27.2 = 217.6 GB/s (trn3 8 x 38.4 = 307.2),
# under the share: 32768 / 27.2 = 1204.706 ns. Together the 16 engines ask
# 435.2 (614.4) GB/s and are scaled to the share: r as above, 32768 / r =
# 1278.752 / 1446.312 / 855.981 ns. They end together, reported by queue:
#   trn1 45.715 + 1340 + 1278.752 = 2664.467; trn2 600 + 1340 + 1446.312 =
#   3386.312; trn3 600 + 1340 + 855.981 = 2795.981.
# HBM1: 45.715 2664.467 q0.0 - dma of 262144 bytes for SP #0
# HBM1-NEXT: 45.715 2664.467 q1.0 - dma of 262144 bytes for ACT #0
# HBM2: 600.000 3386.312 q0.0 - dma of 262144 bytes for SP #0
# HBM2-NEXT: 600.000 3386.312 q1.0 - dma of 262144 bytes for ACT #0
# HBM3: 600.000 2795.981 q0.0 - dma of 262144 bytes for SP #0
# HBM3-NEXT: 600.000 2795.981 q1.0 - dma of 262144 bytes for ACT #0

#--- one-queue.s
.tensor h : fp32[128, 1024] scratch
.sbuf s : fp32[128, 1024]
    sp.dma_copy s[:, 0:512], h[:, 0:512], q0.0
    sp.dma_copy s[:, 512:1024], h[:, 512:1024], q0.0

#--- two-queues.s
.tensor h : fp32[128, 1024] scratch
.sbuf s : fp32[128, 1024]
    sp.dma_copy s[:, 0:512], h[:, 0:512], q0.0
    sp.dma_copy s[:, 512:1024], h[:, 512:1024], q1.0

#--- hbm-share.s
.tensor h : fp32[128, 1024] scratch
.sbuf s : fp32[128, 1024]
    sp.dma_copy s[0:64], h[0:64], q0.0
    act.dma_copy s[64:128], h[64:128], q1.0
