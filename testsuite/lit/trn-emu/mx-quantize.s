# REQUIRES: numpy
# RUN: rm -rf %t && mkdir -p %t
# RUN: %numpy-python %S/Inputs/mx_quantize.py inputs %t
# RUN: trn-emu --strict %s --in x=%t/x.npy --in h=%t/h.npy \
# RUN:   --out q8=%t/q8.npy --out s8=%t/s8.npy --out q5=%t/q5.npy --out s5=%t/s5.npy \
# RUN:   --out qh=%t/qh.npy --out sh=%t/sh.npy 2>&1 | FileCheck %s --check-prefix=EMU --implicit-check-not=warning
# RUN: %numpy-python %S/Inputs/mx_quantize.py check %t | FileCheck %s
#
# quantize_mx against mx_ref.py (docs/examples/common), NumPy's OCP MX:
# bf16 [128, 256] to fp8_e4m3fn_x4 with uint8 scales and to fp8_e5m2_x4
# with fp8_e8m0 scales, and fp16 [32, 64] at partitions 32..63 with a
# [4, 16] scale tile there. The inputs (mx_quantize.py) are random over a
# wide range of magnitudes with planted blocks: all zeros (code 0), -0s, a
# NaN, an infinity (code 255, NaN elements), a block of subnormal bf16s
# (code clamped to 0), the largest bf16s (saturation), exact ties. The
# scale tiles are filled with 0xEE first: quantize_mx writes rows 32q..32q+3
# only, the others keep 0xEE.

.chip trn3
.tensor x  : bf16[128, 256] input
.tensor h  : fp16[32, 64] input
.tensor q8 : fp8_e4m3fn_x4[128, 64] output
.tensor s8 : uint8[128, 64] output
.tensor q5 : fp8_e5m2_x4[128, 64] output
.tensor s5 : fp8_e8m0[128, 64] output
.tensor qh : fp8_e4m3fn_x4[32, 16] output
.tensor sh : uint8[4, 16] output

.sbuf xs  : bf16[128, 256]
.sbuf hs  : fp16[64, 64]
.sbuf t8  : fp8_e4m3fn_x4[128, 64]
.sbuf c8  : uint8[128, 64]
.sbuf t5  : fp8_e5m2_x4[128, 64]
.sbuf c5  : fp8_e8m0[128, 64]
.sbuf th  : fp8_e4m3fn_x4[64, 16]
.sbuf ch  : uint8[64, 16]
.sem in
.sem done

    sp.dma_copy xs, x, q0.0 signal(in, 16)
    sp.dma_copy hs[32:64], h, q0.1 signal(in, 16)
    dve.memset c8, 238.0
    dve.memset ap(sbuf uint8, 0:128, addr(c5), [1, 64]), 238.0
    dve.memset ch, 238.0
    dve.quantize_mx t8, xs, c8 wait(in >= 32)
    dve.quantize_mx t5, xs, c5
    dve.quantize_mx th[32:64], hs[32:64], ch[32:36] signal(done)
    sp.dma_copy q8, t8, q1.0 wait(done >= 1)
    sp.dma_copy s8, c8, q1.1
    sp.dma_copy q5, t5, q1.2
    sp.dma_copy s5, c5, q1.3
    sp.dma_copy qh, th[32:64], q1.4
    sp.dma_copy sh, ch[32:36], q1.5

# EMU: ran {{[0-9]+}} instructions
# CHECK: q8: ok, 8192 elements and 1024 scales bit-exact, other scale rows untouched
# CHECK: q5: ok, 8192 elements and 1024 scales bit-exact, other scale rows untouched
# CHECK: qh: ok, 512 elements and 64 scales bit-exact
# CHECK: planted blocks: zero 0, nan 255, inf 255, subnormal 0, saturated 1
# With X = 1 (amax 256, code 127): 1.0625 lies halfway between 1.0 (0x38)
# and 1.125: to even, 0x38; 1.1875 between 1.125 and 1.25 (0x3a): 0x3a.
# CHECK: ties: 1.0625 -> 0x38, 1.1875 -> 0x3a, -1.1875 -> 0xba; NaN block elements 0x7f; -0 -> 0x80
