# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# dma_copy moves as many elements as it reads; the shapes of its two sides
# may differ. dma_transpose moves 2- or 4-byte elements of one dtype, src
# [A, B] into dst [B, A].
.chip trn2

.tensor a : bf16[8, 16] input
.tensor i8 : int8[8, 16] input
.tensor o : bf16[16, 8] output
.sbuf x : bf16[8, 16]
.sbuf y : fp32[16, 8]
.sbuf z : int8[16, 8]
# Fine: 128 elements each side, shapes differ, a cast through fp32.
sp.dma_copy y, a, q0.0
# CHECK:      {{^.*/}}verify-dma.s:[[@LINE+3]]:13: error: operand 'dst' of 'dma_copy' holds 64 elements but 'src' holds 128: a copy writes as many elements as it reads{{$}}
# CHECK-NEXT: {{^}}sp.dma_copy x[:, 0:8], a, q0.1{{$}}
# CHECK-NEXT: {{^}}            ^~~~~~~~~{{$}}
sp.dma_copy x[:, 0:8], a, q0.1
sp.dma_copy o[0:8], x[0:4], q0.2
sp.dma_transpose o, a, q1.0
# CHECK-NEXT: {{^.*/}}verify-dma.s:[[@LINE+3]]:18: error: operand 'dst' of 'dma_transpose' is fp32 but 'src' is bf16: dma_transpose moves elements of one dtype{{$}}
# CHECK-NEXT: {{^}}sp.dma_transpose y, a, q1.1{{$}}
# CHECK-NEXT: {{^}}                 ^{{$}}
sp.dma_transpose y, a, q1.1
# CHECK-NEXT: {{^.*/}}verify-dma.s:[[@LINE+3]]:21: error: operand 'src' of 'dma_transpose' is int8: dma_transpose moves 2- or 4-byte elements{{$}}
# CHECK-NEXT: {{^}}sp.dma_transpose z, i8, q1.2{{$}}
# CHECK-NEXT: {{^}}                    ^~{{$}}
sp.dma_transpose z, i8, q1.2
# CHECK-NEXT: {{^.*/}}verify-dma.s:[[@LINE+3]]:18: error: operand 'dst' of 'dma_transpose' is [16 x 8] but must be [8 x 8]: 'src' is [8 x 8], transposed{{$}}
# CHECK-NEXT: {{^}}sp.dma_transpose o, x[:, 0:8], q1.3{{$}}
# CHECK-NEXT: {{^}}                 ^{{$}}
sp.dma_transpose o, x[:, 0:8], q1.3
# CHECK-NEXT: {{^.*/}}verify-dma.s:[[@LINE+3]]:19: error: operand 'dst' of 'dma_transpose' is [8 x 16] but must be [16 x 8]: 'src' is [8 x 16], transposed{{$}}
# CHECK-NEXT: {{^}}act.dma_transpose x, a, q1.4{{$}}
# CHECK-NEXT: {{^}}                  ^{{$}}
act.dma_transpose x, a, q1.4
# CHECK-NEXT: {{^}}5 errors generated.{{$}}
# CHECK-NOT:  {{.}}
