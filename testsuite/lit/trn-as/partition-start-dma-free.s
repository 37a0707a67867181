# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# DMA is not bound by the start-partition rule, but a compute engine is.

.tensor a : fp32[20, 64] input
.sbuf y : fp32[20, 64] partition 8
sp.dma_copy y, a, q0.0
# CHECK:      {{^.*/}}partition-start-dma-free.s:[[@LINE+3]]:18: error: an access of 20 partitions must start at partition 0, 32, 64 or 96, not 8{{$}}
# CHECK-NEXT: {{^}}pool.tensor_copy y, y{{$}}
# CHECK-NEXT: {{^}}                 ^{{$}}
pool.tensor_copy y, y
# CHECK-NEXT: {{^}}1 error generated.{{$}}
