# RUN: trn-as %s -o %t.o
# RUN: trn-objdump -d %t.o | FileCheck --strict-whitespace %s
#
# The general form ap(space dtype, partitions, base, [stride, count]...):
# partitions are start:end on chip and [row step, rows] in HBM; strides and
# counts are in elements, the base in bytes; up to four free dimensions; a
# register offset follows as "+ rN". A named operand and the ap(...) it
# stands for encode the same.

.tensor a : fp32[128, 64] input
.tensor t3 : bf16[2, 8, 16] input
.sbuf x : fp32[128, 64]
.sbuf y : fp32[128, 64]
.psum p : fp32[128, 512] bank 3

# CHECK:      {{^}}.psum p : fp32[128, 512] partition 0 at 0x1800{{$}}
# CHECK:      {{^}}# PE (Tensor): 1 instructions{{$}}
# CHECK-NEXT: {{^}}    pe.matmul ap(psum fp32, 0:64, 0x1A00, [1, 64]), ap(sbuf fp32, 0:128, 0x0, [1, 64]), ap(sbuf fp32, 0:128, 0x100, [1, 64]){{( +#.*)?$}}
# CHECK-EMPTY:
# CHECK-NEXT: {{^}}# DVE (Vector): 4 instructions{{$}}
# CHECK-NEXT: {{^}}    dve.tensor_copy ap(sbuf fp32, 0:128, 0x100, [1, 64]), ap(sbuf fp32, 0:128, 0x0, [1, 64]){{( +#.*)?$}}
# CHECK-NEXT: {{^}}    dve.tensor_copy ap(sbuf fp32, 0:128, 0x100, [1, 64]), ap(sbuf fp32, 0:128, 0x0, [1, 64]){{( +#.*)?$}}
# CHECK-NEXT: {{^}}    dve.tensor_copy ap(sbuf fp32, 64:128, 0x1FC, [-1, 64]) + r3, ap(sbuf fp32, 64:128, 0x0, [1, 64]){{( +#.*)?$}}
# CHECK-NEXT: {{^}}    dve.tensor_copy ap(psum fp32, 0:32, 0x1800, [64, 8], [1, 8]), ap(sbuf fp32, 96:128, 0x0, [8, 8], [1, 8]) + r0{{( +#.*)?$}}
# CHECK-EMPTY:
# CHECK-NEXT: {{^}}# SP (Sync): 3 instructions{{$}}
# CHECK-NEXT: {{^}}    sp.dma_copy ap(hbm bf16, [128, 2], 0x8000, [16, 8], [1, 16]), ap(sbuf bf16, 0:2, 0x0, [16, 8], [1, 16]), q2.3{{( +#.*)?$}}
# CHECK-NEXT: {{^}}    sp.dma_copy ap(hbm fp32, [-64, 128], 0x7F00, [1, 64]), ap(sbuf fp32, 0:128, 0x0, [1, 64]), q2.4{{( +#.*)?$}}
# CHECK-NEXT: {{^}}    sp.dma_copy ap(hbm fp32, [0, 1], 0x0, [0, 4], [1, 1], [1, 2], [1, 3]), ap(sbuf fp32, 0:1, 0x0, [1, 24]), q2.5{{( +#.*)?$}}
# CHECK-NOT:  {{.}}

# The same copy, by name and by ap(...).
dve.tensor_copy y, x
dve.tensor_copy ap(sbuf fp32, 0:128, 0x100, [1, 64]), ap(sbuf fp32, 0:128, 0, [1, 64])
# A negative stride walks y backwards from its last element; addr() and
# expressions in the base; a register offset on each side.
dve.tensor_copy ap(sbuf fp32, 64:128, addr(y) + 63 * 4, [-1, 64]) + r3, x[64:128]
dve.tensor_copy ap(psum fp32, 0:32, 0x1800, [64, 8], [1, 8]), ap(sbuf fp32, 96:128, 0, [8, 8], [1, 8]) + r0
pe.matmul ap(psum fp32, 0:64, addr(p) + 4 * 128, [1, 64]), x, y
# HBM: rows of 128 elements; rows walked backwards; four free dimensions
# (a zero stride repeats).
sp.dma_copy ap(hbm bf16, [128, 2], addr(t3), [16, 8], [1, 16]), ap(sbuf bf16, 0:2, 0, [16, 8], [1, 16]), q2.3
sp.dma_copy ap(hbm fp32, [-64, 128], addr(a) + 127 * 256, [1, 64]), x, q2.4
sp.dma_copy ap(hbm fp32, [0, 1], 0, [0, 4], [1, 1], [1, 2], [1, 3]), x[0, 0:24], q2.5
