# RUN: rm -rf %t && mkdir %t
# RUN: python3 %S/Inputs/npy.py write %t/a.npy '<f4' 4,8 arange
# RUN: trn-emu %s --in a=%t/a.npy --out x=%t/x.npy --out p=%t/p.npy --out h=%t/h.npy --out z=%t/z.npy --out o=%t/o.npy
# RUN: python3 %S/Inputs/npy-expect.py %t/x.npy '<f4' 4,8 'i[0] * 8 + i[1]'
# RUN: python3 %S/Inputs/npy-expect.py %t/p.npy '<f4' 2,16 '-2.0 if i[1] < 8 else 2.0 * (i[0] * 8 + i[1] - 8)'
# RUN: python3 %S/Inputs/npy-expect.py %t/h.npy '<u2' 2,3,4 '0x3FC0'
# RUN: python3 %S/Inputs/npy-expect.py %t/z.npy '<i4' 2,2 '0'
# RUN: python3 %S/Inputs/npy-expect.py %t/o.npy '<f4' 4,8 'i[0] * 8 + i[1]'
#
# --out names an SBUF or PSUM allocation as it names a tensor: the file
# holds its final contents, in its dtype (bf16 as raw bits) and shape, the
# partition dimension first, wherever it lies on chip. x is what the DMA
# brought from a (0, 1, 2, ...); p's first 8 columns are memset to -2 and
# the rest are twice x's elements; h is memset to 1.5 (bf16 0x3FC0); z is
# never written and reads as zero.

.tensor a : fp32[4, 8] input
.tensor o : fp32[4, 8] output
.sbuf x : fp32[4, 8] partition 32 at 0x40
.sbuf h : bf16[2, 3, 4] partition 64 at 0x100
.sbuf z : int32[2, 2]
.psum p : fp32[2, 16] bank 1
sp.dma_copy x, a, q0.0 signal(s0)
sp.dma_copy o, x, q0.1 wait(s0 >= 1)
dve.memset h, 1.5
dve.memset ap(psum fp32, 0:2, 0x800, [1, 8]), -2.0
dve.tensor_scalar ap(psum fp32, 0:2, 0x820, [1, 8]), ap(sbuf fp32, 32:34, 0x40, [1, 8]), multiply, 2.0 wait(s0 >= 1)
