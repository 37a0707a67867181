# RUN: trn-as %s -o %t.o
# RUN: trn-objdump -d %t.o | FileCheck --strict-whitespace %s
#
# Slices of HBM tensors and SBUF allocations become access patterns: a row
# range or step of an HBM tensor sets the rows and their step; a single index
# drops its dimension; the first dimension of an allocation is the partition
# range; a 3-D tensor keeps two free dimensions; a 1-D tensor is one row.

.tensor a : fp32[256, 64] input
.tensor c : bf16[4, 32, 16] input
.tensor v : int32[10] input
.sbuf x : fp32[128, 64]
.sbuf y : bf16[32, 4, 16] partition 32

# CHECK:      {{^}}.tensor a : fp32[256, 64] input at 0x0{{$}}
# CHECK-NEXT: {{^}}.tensor c : bf16[4, 32, 16] input at 0x10000{{$}}
# CHECK-NEXT: {{^}}.tensor v : int32[10] input at 0x11000{{$}}
# CHECK-EMPTY:
# CHECK-NEXT: {{^}}.sbuf x : fp32[128, 64] partition 0 at 0x0{{$}}
# CHECK-NEXT: {{^}}.sbuf y : bf16[32, 4, 16] partition 32 at 0x100{{$}}
# CHECK-EMPTY:
# CHECK-NEXT: {{^}}# SP (Sync): 13 instructions{{$}}

# The first 128 rows, then the last 128 (row 128 starts at byte 128 * 256).
# CHECK-NEXT: {{^}}    sp.dma_copy ap(sbuf fp32, 0:128, 0x0, [1, 64]), ap(hbm fp32, [64, 128], 0x0, [1, 64]), q0.0{{( +#.*)?$}}
sp.dma_copy x, a[0:128], q0.0
# CHECK-NEXT: {{^}}    sp.dma_copy ap(sbuf fp32, 0:128, 0x0, [1, 64]), ap(hbm fp32, [64, 128], 0x8000, [1, 64]), q0.1{{( +#.*)?$}}
sp.dma_copy x, a[128:256], q0.1
# Every other row and every other column; an omitted start or end.
# CHECK-NEXT: {{^}}    sp.dma_copy ap(sbuf fp32, 0:64, 0x0, [1, 32]), ap(hbm fp32, [128, 64], 0x0, [2, 32]), q0.2{{( +#.*)?$}}
sp.dma_copy x[:64, 0:32], a[0:128:2, ::2], q0.2
# One row of x (partition 5) and one row of a (row 3), columns 10 to 19.
# CHECK-NEXT: {{^}}    sp.dma_copy ap(sbuf fp32, 5:6, 0x0, [1, 10]), ap(hbm fp32, [0, 1], 0x328, [1, 10]), q0.3{{( +#.*)?$}}
sp.dma_copy x[5, 0:10], a[3, 10:20], q0.3
# 3-D: all four 512-element blocks of c into y's 32 partitions x 64.
# CHECK-NEXT: {{^}}    sp.dma_copy ap(sbuf bf16, 32:64, 0x100, [16, 4], [1, 16]), ap(hbm bf16, [512, 4], 0x10000, [16, 32], [1, 16]), q1.0{{( +#.*)?$}}
sp.dma_copy y, c, q1.0
# c[2] drops the first dimension: 32 rows of 16; y[:, 1] drops the middle one.
# CHECK-NEXT: {{^}}    sp.dma_copy ap(sbuf bf16, 32:64, 0x120, [1, 16]), ap(hbm bf16, [16, 32], 0x10800, [1, 16]), q1.1{{( +#.*)?$}}
sp.dma_copy y[:, 1], c[2], q1.1
# A step on the innermost dimension of a 3-D slice.
# CHECK-NEXT: {{^}}    sp.dma_copy ap(sbuf bf16, 32:64, 0x100, [16, 4], [4, 4]), ap(hbm bf16, [512, 4], 0x10000, [16, 32], [4, 4]), q1.2{{( +#.*)?$}}
sp.dma_copy y[:, :, 0:16:4], c[:, :, 0:16:4], q1.2
# A step that does not divide the range rounds the count up: 0, 3, 6, 9.
# CHECK-NEXT: {{^}}    sp.dma_copy ap(sbuf fp32, 0:1, 0x0, [1, 4]), ap(hbm int32, [0, 1], 0x11000, [3, 4]), q2.0{{( +#.*)?$}}
sp.dma_copy x[0, 0:4], v[0:10:3], q2.0
# A 1-D tensor is one row; a single element of it.
# CHECK-NEXT: {{^}}    sp.dma_copy ap(sbuf fp32, 0:1, 0x0, [1, 10]), ap(hbm int32, [0, 1], 0x11000, [1, 10]), q2.1{{( +#.*)?$}}
sp.dma_copy x[0, 0:10], v, q2.1
# CHECK-NEXT: {{^}}    sp.dma_copy ap(sbuf fp32, 0:1, 0x0, [1, 1]), ap(hbm int32, [0, 1], 0x11024, [1, 1]), q2.2{{( +#.*)?$}}
sp.dma_copy x[0, 0], v[9], q2.2
# Index expressions; a slice of partitions 64 to 127 of an allocation.
# CHECK-NEXT: {{^}}    sp.dma_copy ap(sbuf fp32, 64:128, 0x20, [1, 8]), ap(hbm fp32, [64, 64], 0x8020, [1, 8]), q3.0{{( +#.*)?$}}
sp.dma_copy x[64:, 8:2 * 8], a[2 * 64:3 * 64, 8:16], q3.0
# A register offset after a slice.
# CHECK-NEXT: {{^}}    sp.dma_copy ap(sbuf fp32, 0:128, 0x0, [1, 8]) + r3, ap(hbm fp32, [64, 128], 0x0, [1, 8]) + r63, q3.1{{( +#.*)?$}}
sp.dma_copy x[:, 0:8] + r3, a[0:128, 0:8] + r63, q3.1
# CHECK-NEXT: {{^}}    sp.dma_copy ap(sbuf fp32, 0:128, 0x0, [1, 64]), ap(hbm fp32, [64, 128], 0x8000, [1, 64]), q15.15{{( +#.*)?$}}
sp.dma_copy x, a[128:], q15.15
# CHECK-NOT:  {{.}}
