# RUN: trn-emu --chip trn2 --no-throttle --report %s 2>/dev/null | FileCheck %s --check-prefix=DR
# RUN: sed -e 's/, perf=double_row//' -e 's/s8, m8/s8[:, 0, :], m8[:, 0, :]/' %s > %t.s
# RUN: trn-emu --chip trn2 --no-throttle --report %t.s 2>/dev/null | FileCheck %s --check-prefix=PLAIN
#
# The report's MFU for perf=double_row (docs/timing-model.md, section 10):
# each matmul counts 2 K M N FLOP with K = 256 (2 x the partitions) and is
# measured against the peak of the double-row mode (isa/Chips.td
# PeFp8DoubleRow: 2 x 32768 MACs x 2.4 GHz = 157.29 TFLOPS on trn2), not
# the plain matmul's (PeDense16: 78.64 TFLOPS).
#
# Eight fp8 matmuls [128, 2, 128] x [128, 2, 512] back to back, unthrottled:
# the first 544 cycles (its weight load exposed), the others 512: 226.667 +
# 7 x 213.334 = 1720.005 ns (4128 PE cycles). FLOP = 8 x 2 x 256 x 128 x
# 512 = 268435456, at the peak in 1706.667 ns: MFU = 1706.667 / 1720.005 =
# 99.22%, and 268435456 / 1720.005 ns = 156.07 TFLOPS achieved.
#
# The same matmuls without perf=double_row (run second: K = 128 on the
# same 128 partitions, [128, 128] x [128, 512]) take the same time for half
# the FLOP, 134217728, against half the peak: the same MFU, 78.03 TFLOPS.

.sbuf s8 : fp8_e4m3[128, 2, 128]
.sbuf m8 : fp8_e4m3[128, 2, 512]
.psum p : fp32[128, 512]
    pe.matmul p, s8, m8, perf=double_row
    pe.matmul p, s8, m8, perf=double_row
    pe.matmul p, s8, m8, perf=double_row
    pe.matmul p, s8, m8, perf=double_row
    pe.matmul p, s8, m8, perf=double_row
    pe.matmul p, s8, m8, perf=double_row
    pe.matmul p, s8, m8, perf=double_row
    pe.matmul p, s8, m8, perf=double_row
# DR: Report (trn2): total 1720.005 ns, 4128 PE cycles, 8 instructions
# DR: MFU: 99.22% (2.68435e+08 useful TensorE FLOP)
# PLAIN: Report (trn2): total 1720.005 ns, 4128 PE cycles, 8 instructions
# PLAIN: MFU: 99.22% (1.34218e+08 useful TensorE FLOP)
