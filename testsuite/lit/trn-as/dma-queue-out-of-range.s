# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# DMA queues are q0.0 to q15.15.

.tensor a : fp32[128, 64] input
.sbuf x : fp32[128, 64]
sp.dma_copy x, a, q15.15
# CHECK:      {{^.*/}}dma-queue-out-of-range.s:[[@LINE+3]]:19: error: DMA queue q16.0 is out of range: engines 0 to 15, queues 0 to 15{{$}}
# CHECK-NEXT: {{^}}sp.dma_copy x, a, q16.0{{$}}
# CHECK-NEXT: {{^}}                  ^~~~~{{$}}
sp.dma_copy x, a, q16.0
# CHECK-NEXT: {{^.*/}}dma-queue-out-of-range.s:[[@LINE+3]]:19: error: DMA queue q0.16 is out of range: engines 0 to 15, queues 0 to 15{{$}}
# CHECK-NEXT: {{^}}sp.dma_copy x, a, q0.16{{$}}
# CHECK-NEXT: {{^}}                  ^~~~~{{$}}
sp.dma_copy x, a, q0.16
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
