# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A transfer moves at most 128 rows of an HBM tensor.

.tensor a : fp32[256, 64] input
.sbuf x : fp32[128, 64]
sp.dma_copy x, a[128:256], q0.0
# CHECK:      {{^.*/}}hbm-too-many-rows.s:[[@LINE+3]]:16: error: 'a' selects 256 rows; a transfer moves at most 128 (slice the first dimension){{$}}
# CHECK-NEXT: {{^}}sp.dma_copy x, a, q0.1{{$}}
# CHECK-NEXT: {{^}}               ^{{$}}
sp.dma_copy x, a, q0.1
# CHECK-NEXT: {{^}}1 error generated.{{$}}
