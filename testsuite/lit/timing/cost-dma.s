# RUN: trn-emu --chip trn1 --trace-text %s | FileCheck %s --check-prefix=TRN1
# RUN: trn-emu --chip trn2 --trace-text %s | FileCheck %s --check-prefix=TRN2
# RUN: trn-emu --chip trn3 --trace-text %s | FileCheck %s --check-prefix=TRN3
#
# DMA: the trigger's cost on the issuing sequencer by descriptor mode, and
# the DMA model's time for transfers alone on their engines, contiguous,
# strided and transposing (src/emu/DmaModel.cpp, isa/Chips.td,
# docs/timing-model.md section 9).
#
# Trigger (Chips.td DmaTriggers): trn1's SP and ACT trigger pre-computed
#   descriptors, 64 cycles (chosen): ceil(64 / 1400 MHz) = 45.715 ns; GpSimd
#   builds its own (swdge, chosen 600 ns): 840 cycles = 600 ns. On trn2 and
#   trn3 SP and ACT use the hardware DGE, 600 ns (DGE, A2), and GpSimd swdge:
#   720 cycles at 1200 MHz = 600 ns. The transfer is queued when the trigger
#   completes; SP's triggers run one after the other.
# Transfer alone (each here has engines of its own: partitions 8e..8e+7 are
#   engine e's, and six engines ask at most 6 x 38.4 GB/s, under every HBM
#   share): latency DmaFixedNs - 790 - 360 - 40 = 110 ns, the queue's fetch
#   790 ns, the engine's processing 360 ns + 5 ns per DMA buffer (contiguous
#   run), the bytes at the engine's rate (27.2 GB/s on trn1/trn2, 38.4 on
#   trn3; rounded up to the picosecond), the completion 40 ns:
#   end = trigger end + 1300 + 5 x buffers + bytes / rate.

.tensor h : fp32[128, 512] scratch
.sbuf s : fp32[128, 512]

    sp.dma_copy s[0:8], h[0:8], q0.0
    act.dma_copy s[8:16], h[8:16], q1.0
    pool.dma_copy s[16:24], h[16:24], q2.0
    sp.dma_copy s[24:32, 0:64], ap(hbm fp32, [1, 8], addr(h), [128, 64]), q3.0
    sp.dma_copy s[32:40, 0:64], h[32:40, 0:64], q4.0
    sp.dma_copy s[40:48, 0:64], ap(hbm fp32, [512, 8], addr(h), [32, 4], [1, 16]), q5.0

# Triggers. trn1: SP and ACT 64 cycles (static), POOL 840 (swdge, 600 ns).
# TRN1:      0.000 45.715 ACT 64 act.dma_copy
# TRN1-NEXT: 0.000 45.715 SP 64 sp.dma_copy
# TRN1-NEXT: 45.715 91.430 SP 64 sp.dma_copy
# TRN1-NEXT: 91.430 137.145 SP 64 sp.dma_copy
# TRN1-NEXT: 137.145 182.860 SP 64 sp.dma_copy
# TRN1-NEXT: 0.000 600.000 POOL 840 pool.dma_copy
# trn2, trn3: 600 ns each (hwdge on SP and ACT, swdge on POOL).
# TRN2:      0.000 600.000 ACT 720 act.dma_copy
# TRN2-NEXT: 0.000 600.000 POOL 720 pool.dma_copy
# TRN2-NEXT: 0.000 600.000 SP 720 sp.dma_copy
# TRN2-NEXT: 600.000 1200.000 SP 720 sp.dma_copy
# TRN3:      0.000 600.000 ACT 720 act.dma_copy
# TRN3-NEXT: 0.000 600.000 POOL 720 pool.dma_copy
# TRN3-NEXT: 0.000 600.000 SP 720 sp.dma_copy
# TRN3-NEXT: 600.000 1200.000 SP 720 sp.dma_copy

# SP #0, ACT #0, POOL #0: 8 partitions x 2048 B = 16384 B on one engine, 8
#   buffers: 1300 + 40 + 16384 / 27.2 (602.3529 -> 602.353) = 1942.353 ns
#   after the trigger; trn3 16384 / 38.4 = 426.6667 -> 426.667: 1766.667.
#   trn1: 45.715 + 1942.353 = 1988.068; POOL 600 + 1942.353 = 2542.353.
# SP #1: a transposing read. Partition p of the destination reads h's
#   elements p, p + 128, p + 256, ... (element j at p + 128 j), no two of
#   them adjacent in HBM: 8 x 64 = 512 runs of one element, 512 buffers:
#   1300 + 512 x 5 + 2048 / 27.2 (75.2941 -> 75.295) = 3935.295.
# SP #2: the same 2048 B contiguous, 8 buffers: 1300 + 40 + 75.295 = 1415.295.
# SP #3: rows of 4 runs of 16 elements 32 apart: 32 buffers:
#   1300 + 160 + 75.295 = 1535.295. (trn3: 2048 / 38.4 = 53.3333 -> 53.334.)
# trn1: #2 137.145 + 1415.295, #3 182.860 + 1535.295, #1 91.430 + 3935.295.
# TRN1:      137.145 1552.440 q4.0 - dma of 2048 bytes for SP #2
# TRN1-NEXT: 182.860 1718.155 q5.0 - dma of 2048 bytes for SP #3
# TRN1-NEXT: 45.715 1988.068 q0.0 - dma of 16384 bytes for SP #0
# TRN1-NEXT: 45.715 1988.068 q1.0 - dma of 16384 bytes for ACT #0
# TRN1-NEXT: 600.000 2542.353 q2.0 - dma of 16384 bytes for POOL #0
# TRN1-NEXT: 91.430 4026.725 q3.0 - dma of 2048 bytes for SP #1
# TRN1-NEXT: ran 6 instructions in 4.027 us
# trn2: triggers end at 600 (SP #0, ACT, POOL), 1200, 1800, 2400.
# TRN2:      600.000 2542.353 q0.0 - dma of 16384 bytes for SP #0
# TRN2-NEXT: 600.000 2542.353 q1.0 - dma of 16384 bytes for ACT #0
# TRN2-NEXT: 600.000 2542.353 q2.0 - dma of 16384 bytes for POOL #0
# TRN2-NEXT: 1800.000 3215.295 q4.0 - dma of 2048 bytes for SP #2
# TRN2-NEXT: 2400.000 3935.295 q5.0 - dma of 2048 bytes for SP #3
# TRN2-NEXT: 1200.000 5135.295 q3.0 - dma of 2048 bytes for SP #1
# TRN2-NEXT: ran 6 instructions in 5.135 us
# TRN3:      600.000 2366.667 q0.0 - dma of 16384 bytes for SP #0
# TRN3-NEXT: 600.000 2366.667 q1.0 - dma of 16384 bytes for ACT #0
# TRN3-NEXT: 600.000 2366.667 q2.0 - dma of 16384 bytes for POOL #0
# TRN3:      1800.000 3193.334 q4.0 - dma of 2048 bytes for SP #2
# TRN3-NEXT: 2400.000 3913.334 q5.0 - dma of 2048 bytes for SP #3
# TRN3-NEXT: 1200.000 5113.334 q3.0 - dma of 2048 bytes for SP #1
# TRN3-NEXT: ran 6 instructions in 5.113 us
