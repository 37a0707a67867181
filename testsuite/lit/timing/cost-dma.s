# RUN: trn-emu --chip trn1 --trace-text %s | FileCheck %s --check-prefix=TRN1
# RUN: trn-emu --chip trn2 --trace-text %s | FileCheck %s --check-prefix=TRN2
# RUN: trn-emu --chip trn3 --trace-text %s | FileCheck %s --check-prefix=TRN3
#
# DMA: the trigger's cost on the issuing sequencer, and the fluid DMA model's
# time for single transfers (src/emu/DmaModel.cpp, isa/Chips.td).
#
# Trigger: DMA_TRIGGER = 64 cycles of the issuing engine (chosen), i.e.
#   ceil(64 / 1400 MHz) = 45.715 ns on trn1 and ceil(64 / 1200 MHz) = 53.334 ns
#   on trn2/trn3. The transfer is queued when the trigger completes.
# Transfer: DmaFixedNs = 1300 ns (DMABW), then the bytes move as a fluid. A
#   transfer is split by partition over the 16 DMA engines (engine e serves
#   partitions 8e..8e+7; HBM to HBM spreads over all 128); each engine moves
#   DmaEngineMBps (27.2 GB/s on trn1/trn2, 38.4 on trn3), shared equally by
#   the chunks active on it; chunks touching HBM together get at most the
#   core's HBM share HbmChipGBps / CoresPerChip (820/2 = 410, 2900/8 = 362.5,
#   4900/8 = 612.5 GB/s; an HBM -> HBM chunk counts twice, for its read and
#   its write) and are scaled down in proportion beyond it. Durations
#   are rounded up to the picosecond: end = start + 1300 ns +
#   ceil(bytes per engine / rate per engine).
# Bytes = the larger side (elements x dtype size): a bf16 -> fp32 cast counts
#   the fp32 bytes.
#
# All eight transfers use queue q0.0, so each starts when the previous ends
# (the triggers have all completed by then); the DMA lines print at
# completion, after the SP lines.

.tensor h  : fp32[128, 512] scratch
.tensor h2 : fp32[128, 512] scratch
.tensor hb : bf16[128, 512] scratch
.sbuf s  : fp32[128, 512]
.sbuf s2 : fp32[128, 512]

    sp.dma_copy s, h, q0.0
    sp.dma_copy s2, s, q0.0
    sp.dma_copy s[0:8], h[0:8], q0.0
    sp.dma_copy s[4:12], h[4:12], q0.0
    sp.dma_copy h2, h, q0.0
    sp.dma_copy h2, s, q0.0
    sp.dma_copy s[:, 0:16], h[:, 0:16], q0.0
    sp.dma_copy s, hb, q0.0

# Triggers: 64 cycles each, back to back.
# TRN1:      0.000 45.715 SP 64 sp.dma_copy
# TRN1-NEXT: 45.715 91.430 SP 64 sp.dma_copy
# TRN2:      0.000 53.334 SP 64 sp.dma_copy
# TRN2-NEXT: 53.334 106.668 SP 64 sp.dma_copy
# TRN3:      0.000 53.334 SP 64 sp.dma_copy
# TRN3-NEXT: 53.334 106.668 SP 64 sp.dma_copy

# 1. HBM -> SBUF, 128 partitions x 2048 B = 262144 B: 16 engines x 16384 B.
#    trn1: 16 x 27.2 = 435.2 > 410 GB/s, so each engine gets 410/16 = 25.625
#      GB/s: 16384 / 25.625 = 639.3756 -> 639.376 ns; 45.715 + 1300 + 639.376
#    trn2: 435.2 > 362.5: 362.5/16 = 22.65625 GB/s: 16384 / 22.65625 = 723.1559
#      -> 723.156 ns; 53.334 + 1300 + 723.156
#    trn3: 16 x 38.4 = 614.4 > 612.5: 38.28125 GB/s: 427.9902 -> 427.991 ns
# TRN1: 45.715 1985.091 q0.0 - dma of 262144 bytes for SP #0
# TRN2: 53.334 2076.490 q0.0 - dma of 262144 bytes for SP #0
# TRN3: 53.334 1781.325 q0.0 - dma of 262144 bytes for SP #0

# 2. SBUF -> SBUF, the same size: no HBM, each engine at its full rate.
#    trn1/trn2: 16384 / 27.2 = 602.3529 -> 602.353 ns; trn3: 16384 / 38.4 =
#    426.6667 -> 426.667 ns.
# TRN1-NEXT: 1985.091 3887.444 q0.0 - dma of 262144 bytes for SP #1
# TRN2-NEXT: 2076.490 3978.843 q0.0 - dma of 262144 bytes for SP #1
# TRN3-NEXT: 1781.325 3507.992 q0.0 - dma of 262144 bytes for SP #1

# 3. HBM -> SBUF, partitions 0-7 only: one engine moves all 16384 B at its
#    full rate (27.2 GB/s is below the HBM share): as in 2.
# TRN1-NEXT: 3887.444 5789.797 q0.0 - dma of 16384 bytes for SP #2
# TRN2-NEXT: 3978.843 5881.196 q0.0 - dma of 16384 bytes for SP #2
# TRN3-NEXT: 3507.992 5234.659 q0.0 - dma of 16384 bytes for SP #2

# 4. HBM -> SBUF, partitions 4-11: engines 0 (partitions 4-7) and 1 (8-11),
#    8192 B each, in parallel: 8192 / 27.2 = 301.1765 -> 301.177 ns (trn3:
#    8192 / 38.4 = 213.3333 -> 213.334 ns). Twice as fast as 3.
# TRN1-NEXT: 5789.797 7390.974 q0.0 - dma of 16384 bytes for SP #3
# TRN2-NEXT: 5881.196 7482.373 q0.0 - dma of 16384 bytes for SP #3
# TRN3-NEXT: 5234.659 6747.993 q0.0 - dma of 16384 bytes for SP #3

# 5. HBM -> HBM, 128 rows x 2048 B: spread over all 16 engines. Each byte
#    crosses HBM twice (read and written), so the 16 chunks ask
#    2 x 435.2 GB/s of HBM and get half the share each way:
#    trn1: 410 / 32 = 12.8125 GB/s per engine: 16384 / 12.8125 = 1278.7512 ->
#      1278.752 ns; trn2: 362.5 / 32: 1446.3117 -> 1446.312; trn3: 612.5 / 32:
#      855.9804 -> 855.981.
# TRN1-NEXT: 7390.974 9969.726 q0.0 - dma of 262144 bytes for SP #4
# TRN2-NEXT: 7482.373 10228.685 q0.0 - dma of 262144 bytes for SP #4
# TRN3-NEXT: 6747.993 8903.974 q0.0 - dma of 262144 bytes for SP #4

# 6. SBUF -> HBM: as 1.
# TRN1-NEXT: 9969.726 11909.102 q0.0 - dma of 262144 bytes for SP #5
# TRN2-NEXT: 10228.685 12251.841 q0.0 - dma of 262144 bytes for SP #5
# TRN3-NEXT: 8903.974 10631.965 q0.0 - dma of 262144 bytes for SP #5

# 7. HBM -> SBUF, 64 B per partition (8192 B): 512 B per engine.
#    trn1: 512 / 25.625 = 19.9805 -> 19.981 ns: 1319.981 ns in all, 6.2 GB/s,
#    the fixed latency dominates (DMABW: under 256 B per partition is
#    overhead-bound). trn2: 512 / 22.65625 = 22.5986 -> 22.599 ns; trn3:
#    512 / 38.28125 = 13.3747 -> 13.375 ns.
# TRN1-NEXT: 11909.102 13229.083 q0.0 - dma of 8192 bytes for SP #6
# TRN2-NEXT: 12251.841 13574.440 q0.0 - dma of 8192 bytes for SP #6
# TRN3-NEXT: 10631.965 11945.340 q0.0 - dma of 8192 bytes for SP #6

# 8. bf16 HBM -> fp32 SBUF: 131072 B read, 262144 B written; the model times
#    the larger, 262144 B: as 1.
# TRN1-NEXT: 13229.083 15168.459 q0.0 - dma of 262144 bytes for SP #7
# TRN2-NEXT: 13574.440 15597.596 q0.0 - dma of 262144 bytes for SP #7
# TRN3-NEXT: 11945.340 13673.331 q0.0 - dma of 262144 bytes for SP #7
# TRN1-NEXT: ran 8 instructions in 15.168 us
# TRN2-NEXT: ran 8 instructions in 15.598 us
# TRN3-NEXT: ran 8 instructions in 13.673 us
