# REQUIRES: numpy
# RUN: rm -rf %t && mkdir -p %t
# RUN: %numpy-python %S/Inputs/mx_matmul.py inputs %t
# RUN: trn-emu --strict %s --in a8=%t/a8.npy --in sa=%t/sa.npy --in b4=%t/b4.npy --in sb4=%t/sb4.npy \
# RUN:   --in b5=%t/b5.npy --in sb5=%t/sb5.npy --in c5=%t/c5.npy --in sc5=%t/sc5.npy \
# RUN:   --in d8=%t/d8.npy --in sd8=%t/sd8.npy --in e5=%t/e5.npy --in se5=%t/se5.npy \
# RUN:   --in f4=%t/f4.npy --in sf4=%t/sf4.npy \
# RUN:   --out o1=%t/o1.npy --out o2=%t/o2.npy --out o3=%t/o3.npy 2>&1 \
# RUN:   | FileCheck %s --check-prefix=EMU --implicit-check-not=warning
# RUN: %numpy-python %S/Inputs/mx_matmul.py check %t | FileCheck %s
#
# matmul_mx against mx_ref.py (docs/examples/common), NumPy's OCP MX, which
# dequantizes in float64 and repeats the documented fp32 order (each
# product rounded once, added in increasing k = 4p + j): bit-exact.
#  o1: fp8_e4m3fn_x4 [128, 64] x fp4_e2m1_x4 [128, 512] into fp32 (MXFP8 x
#      MXFP4), then acc=accumulate of fp8_e4m3fn_x4 [128, 64] x fp8_e5m2_x4
#      [128, 512] onto it: K = 1024 rows in all. The scale tiles' unused
#      rows hold random bytes (never read).
#  o2: fp8_e5m2_x4 [64, 32] (partitions 64..127) x fp8_e4m3fn_x4 [64, 1024]
#      into bf16 (N = 1024: a bf16 dst takes a whole bank), twice, the
#      second accumulating onto the first's bf16.
#  o3: K = 32 (partitions 32..63, [4, F] scales at 32..35) on row tile
#      32..63, with special values: a NaN scale (code 255) for stationary
#      column 5's first block, a NaN fp8_e4m3fn element in moving column 11,
#      an infinite fp8_e5m2 element, codes 0 and 254 (tiny times huge), and
#      codes 254 on both sides, whose dequantized values overflow fp32 to
#      infinities. NaNs are compared as NaNs: which NaN an addition of two
#      NaNs returns differs between NumPy's order and matmul's rule.

.chip trn3
.tensor a8  : fp8_e4m3fn_x4[128, 64] input
.tensor sa  : uint8[128, 64] input
.tensor b4  : fp4_e2m1_x4[128, 512] input
.tensor sb4 : uint8[128, 512] input
.tensor b5  : fp8_e5m2_x4[128, 512] input
.tensor sb5 : fp8_e8m0[128, 512] input
.tensor c5  : fp8_e5m2_x4[64, 32] input
.tensor sc5 : uint8[64, 32] input
.tensor d8  : fp8_e4m3fn_x4[64, 1024] input
.tensor sd8 : uint8[64, 1024] input
.tensor e5  : fp8_e5m2_x4[32, 16] input
.tensor se5 : uint8[4, 16] input
.tensor f4  : fp8_e4m3fn_x4[32, 64] input
.tensor sf4 : uint8[4, 64] input
.tensor o1  : fp32[64, 512] output
.tensor o2  : bf16[32, 1024] output
.tensor o3  : fp32[16, 64] output

.sbuf A8  : fp8_e4m3fn_x4[128, 64]
.sbuf SA  : uint8[128, 64]
.sbuf B4  : fp4_e2m1_x4[128, 512]
.sbuf SB4 : uint8[128, 512]
.sbuf B5  : fp8_e5m2_x4[128, 512]
.sbuf SB5 : fp8_e8m0[128, 512]
.sbuf C5  : fp8_e5m2_x4[128, 32]
.sbuf SC5 : uint8[128, 32]
.sbuf D8  : fp8_e4m3fn_x4[128, 1024]
.sbuf SD8 : uint8[128, 1024]
.sbuf E5  : fp8_e5m2_x4[64, 16]
.sbuf SE5 : uint8[64, 16]
.sbuf F4  : fp8_e4m3fn_x4[64, 64]
.sbuf SF4 : uint8[64, 64]
.sbuf R1  : fp32[64, 512]
.sbuf R2  : bf16[32, 1024]
.sbuf R3  : fp32[16, 64]
.psum P1  : fp32[64, 512]
.psum P2  : bf16[32, 1024]
.psum P3  : fp32[16, 64]
.sem in
.sem mm
.sem ev

    sp.dma_copy A8, a8, q0.0 signal(in, 16)
    sp.dma_copy SA, sa, q0.1 signal(in, 16)
    sp.dma_copy B4, b4, q0.2 signal(in, 16)
    sp.dma_copy SB4, sb4, q0.3 signal(in, 16)
    sp.dma_copy B5, b5, q0.4 signal(in, 16)
    sp.dma_copy SB5, sb5, q0.5 signal(in, 16)
    sp.dma_copy C5[64:128], c5, q0.6 signal(in, 16)
    sp.dma_copy SC5[64:128], sc5, q0.7 signal(in, 16)
    sp.dma_copy D8[64:128], d8, q0.8 signal(in, 16)
    sp.dma_copy SD8[64:128], sd8, q0.9 signal(in, 16)
    sp.dma_copy E5[32:64], e5, q0.10 signal(in, 16)
    sp.dma_copy SE5[32:36], se5, q0.11 signal(in, 16)
    sp.dma_copy F4[32:64], f4, q0.12 signal(in, 16)
    sp.dma_copy SF4[32:36], sf4, q0.13 signal(in, 16)

    pe.matmul_mx P1, A8, B4, SA, SB4 wait(in >= 224)
    pe.matmul_mx P1, A8, B5, SA, SB5, acc=accumulate signal(mm)
    pe.matmul_mx P2, C5[64:128], D8[64:128], SC5[64:128], SD8[64:128]
    pe.matmul_mx P2, C5[64:128], D8[64:128], SC5[64:128], SD8[64:128], acc=accumulate signal(mm)
    pe.matmul_mx P3, E5[32:64], F4[32:64], SE5[32:36], SF4[32:36], tile_row=32, tile_rows=32 signal(mm)

    dve.tensor_copy R1, P1 wait(mm >= 1)
    dve.tensor_copy R2, P2 wait(mm >= 2)
    dve.tensor_copy R3, P3 wait(mm >= 3) signal(ev)
    sp.dma_copy o1, R1, q1.0 wait(ev >= 1)
    sp.dma_copy o2, R2, q1.1
    sp.dma_copy o3, R3, q1.2

# EMU: ran {{[0-9]+}} instructions
# CHECK: o1: ok, 32768 elements bit-exact
# CHECK: o2: ok, 32768 elements bit-exact
# CHECK: o3: ok, 1024 elements bit-exact
# CHECK: o3: row 5 all NaN: True, column 11 all NaN: True, infinities: True, NaNs elsewhere: True
