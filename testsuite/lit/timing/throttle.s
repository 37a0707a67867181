# RUN: trn-emu --chip trn2 --trace-text %s 2>/dev/null | grep ' PE ' | FileCheck %s --check-prefix=THR
# RUN: trn-emu --chip trn3 --trace-text %s 2>/dev/null | grep ' PE ' | FileCheck %s --check-prefix=THR
# RUN: trn-emu --chip trn2 --no-throttle --trace-text %s 2>/dev/null | grep ' PE ' | FileCheck %s --check-prefix=FULL
# RUN: trn-emu --chip trn1 --trace-text %s 2>/dev/null | grep ' PE ' | FileCheck %s --check-prefix=TRN1
#
# TensorE dI/dt throttling on trn2 and trn3 (isa/Chips.td PeDidtThrottle;
# EXP: the engine "starts at roughly 50% utilization ... and ramps to full
# over about the first ~3 microseconds after work begins. If utilization
# drops below 50% over any ~3 microsecond window ... the limit re-engages").
# The model: from a ramp's start t0 PE runs at rate
#     r(t) = min(1, 0.5 + 0.5 (t - t0) / 3000 ns)
# of its full rate, and an instruction of D ps at full rate takes the d with
# integral of r over [start, start + d] = D, rounded up to the ps:
#     in the ramp, with a = start - t0 and k = 0.5 / 3000000 per ps,
#     d = (-(0.5 + k a) + sqrt((0.5 + k a)^2 + 2 k D)) / k
#     (crossing the ramp's end: the rest at full rate).
# The ramp starts with PE's first work, and again at an instruction's start
# once a ramp has run 3 us and PE was busy less than 50% of the 3 us before.
# The cycles column keeps the cost; the times show the throttled duration.
# trn1 has no throttle; --no-throttle turns it off.
#
# PE: 12 back-to-back bf16 matmuls [128, 128] x [128, 512] (the first 544
# cycles with its exposed weight load, the rest 512: D = 226.667 and 213.334
# ns at 2.4 GHz); then one after a POOL signal ~1 us after the 12th (busy
# 67% of the 3 us before: full rate) and two after another ~1.9 us gap
# (busy 7%: the ramp starts again).
#   POOL: iota of 4910 (150 + 4910 = 5060 cycles) ends 4216.667 ns on
#   trn2/trn3, its signal arrives 100 cycles later (POOL_DEPENDENT): 4300.001;
#   iota of 2400 (2550 cycles) ends 6341.667, signal 6425.001.

.sbuf a : bf16[128, 512]
.sbuf h : fp32[128, 8192]
.psum p : fp32[128, 512]
.sem short_gap
.sem long_gap

    pool.iota h[:, 0:4910], 0, [1] signal(short_gap)
    pool.iota h[:, 4910:7310], 0, [1] signal(long_gap)
    pe.matmul p, a[:, 0:128], a
    pe.matmul p, a[:, 0:128], a
    pe.matmul p, a[:, 0:128], a
    pe.matmul p, a[:, 0:128], a
    pe.matmul p, a[:, 0:128], a
    pe.matmul p, a[:, 0:128], a
    pe.matmul p, a[:, 0:128], a
    pe.matmul p, a[:, 0:128], a
    pe.matmul p, a[:, 0:128], a
    pe.matmul p, a[:, 0:128], a
    pe.matmul p, a[:, 0:128], a
    pe.matmul p, a[:, 0:128], a
    pe.matmul p, a[:, 0:128], a wait(short_gap >= 1)
    pe.matmul p, a[:, 0:128], a wait(long_gap >= 1)
    pe.matmul p, a[:, 0:128], a

# trn2 and trn3. The first: a = 0, D = 226667: d = 423450 (half rate at
# first). The ramp ends at 3000 ns, inside the 11th (2895.772 to 3110.012:
# 104.228 ns of ramp, then full rate); the 12th runs at full rate. The 13th
# starts at 4300.001 after PE was busy 2023.345 of the last 3000 ns (67%):
# 213.334. The 14th starts at 6425.001 after 213.334 busy ns in 3000 (7%):
# the ramp restarts, d(a = 0, D = 213334) = 400002; the 15th, a = 400.002:
# 357.660.
# THR: 0.000 423.450 PE 544 pe.matmul
# THR-NEXT: 423.450 778.892 PE 512 pe.matmul
# THR-NEXT: 778.892 1103.661 PE 512 pe.matmul
# THR-NEXT: 1103.661 1404.548 PE 512 pe.matmul
# THR-NEXT: 1404.548 1686.156 PE 512 pe.matmul
# THR-NEXT: 1686.156 1951.775 PE 512 pe.matmul
# THR-NEXT: 1951.775 2203.853 PE 512 pe.matmul
# THR-NEXT: 2203.853 2444.272 PE 512 pe.matmul
# THR-NEXT: 2444.272 2674.514 PE 512 pe.matmul
# THR-NEXT: 2674.514 2895.772 PE 512 pe.matmul
# THR-NEXT: 2895.772 3110.012 PE 512 pe.matmul
# THR-NEXT: 3110.012 3323.346 PE 512 pe.matmul
# THR-NEXT: 4300.001 4513.335 PE 512 pe.matmul
# THR-NEXT: 6425.001 6825.003 PE 512 pe.matmul
# THR-NEXT: 6825.003 7182.663 PE 512 pe.matmul
#
# Without the throttle (and on trn1, at 2.8 GHz: 194.286 and 182.858 ns) every
# matmul takes its cost at the full rate.
# FULL: 0.000 226.667 PE 544 pe.matmul
# FULL-NEXT: 226.667 440.001 PE 512 pe.matmul
# FULL-NEXT: 440.001 653.335 PE 512 pe.matmul
# FULL-NEXT: 653.335 866.669 PE 512 pe.matmul
# FULL-NEXT: 866.669 1080.003 PE 512 pe.matmul
# FULL-NEXT: 1080.003 1293.337 PE 512 pe.matmul
# FULL-NEXT: 1293.337 1506.671 PE 512 pe.matmul
# FULL-NEXT: 1506.671 1720.005 PE 512 pe.matmul
# FULL-NEXT: 1720.005 1933.339 PE 512 pe.matmul
# FULL-NEXT: 1933.339 2146.673 PE 512 pe.matmul
# FULL-NEXT: 2146.673 2360.007 PE 512 pe.matmul
# FULL-NEXT: 2360.007 2573.341 PE 512 pe.matmul
# FULL-NEXT: 4300.001 4513.335 PE 512 pe.matmul
# FULL-NEXT: 6425.001 6638.335 PE 512 pe.matmul
# FULL-NEXT: 6638.335 6851.669 PE 512 pe.matmul
#
# TRN1: 0.000 194.286 PE 544 pe.matmul
# TRN1-NEXT: 194.286 377.144 PE 512 pe.matmul
# TRN1-NEXT: 377.144 560.002 PE 512 pe.matmul
# TRN1-NEXT: 560.002 742.860 PE 512 pe.matmul
# TRN1-NEXT: 742.860 925.718 PE 512 pe.matmul
# TRN1-NEXT: 925.718 1108.576 PE 512 pe.matmul
# TRN1-NEXT: 1108.576 1291.434 PE 512 pe.matmul
# TRN1-NEXT: 1291.434 1474.292 PE 512 pe.matmul
# TRN1-NEXT: 1474.292 1657.150 PE 512 pe.matmul
# TRN1-NEXT: 1657.150 1840.008 PE 512 pe.matmul
# TRN1-NEXT: 1840.008 2022.866 PE 512 pe.matmul
# TRN1-NEXT: 2022.866 2205.724 PE 512 pe.matmul
# TRN1-NEXT: 3685.715 3868.573 PE 512 pe.matmul
# TRN1-NEXT: 5507.144 5690.002 PE 512 pe.matmul
# TRN1-NEXT: 5690.002 5872.860 PE 512 pe.matmul
