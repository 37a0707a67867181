# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A DMA queue is written qE.Q or as a register rN (holding 16 E + Q); the
# message says what was found instead.

.tensor a : fp32[128, 64] input
.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}dma-queue-malformed.s:[[@LINE+3]]:19: error: operand 'queue' of 'dma_copy' is a DMA queue: expected qE.Q (engine 0 to 15, queue 0 to 15) or a register holding 16 E + Q, found 'q1'{{$}}
# CHECK-NEXT: {{^}}sp.dma_copy x, a, q1{{$}}
# CHECK-NEXT: {{^}}                  ^~{{$}}
sp.dma_copy x, a, q1
# CHECK-NEXT: {{^.*/}}dma-queue-malformed.s:[[@LINE+3]]:19: error: operand 'queue' of 'dma_copy' is a DMA queue: expected qE.Q (engine 0 to 15, queue 0 to 15) or a register holding 16 E + Q, found '3'{{$}}
# CHECK-NEXT: {{^}}sp.dma_copy x, a, 3{{$}}
# CHECK-NEXT: {{^}}                  ^{{$}}
sp.dma_copy x, a, 3
# CHECK-NEXT: {{^.*/}}dma-queue-malformed.s:[[@LINE+3]]:19: error: operand 'queue' of 'dma_copy' is a DMA queue: expected qE.Q (engine 0 to 15, queue 0 to 15) or a register holding 16 E + Q, found 'r1'{{$}}
# CHECK-NEXT: {{^}}sp.dma_copy x, a, r1.0{{$}}
# CHECK-NEXT: {{^}}                  ^~{{$}}
sp.dma_copy x, a, r1.0
# CHECK-NEXT: {{^.*/}}dma-queue-malformed.s:[[@LINE+3]]:19: error: register r64 is out of range: registers are r0 to r63{{$}}
# CHECK-NEXT: {{^}}sp.dma_copy x, a, r64{{$}}
# CHECK-NEXT: {{^}}                  ^~~{{$}}
sp.dma_copy x, a, r64
# CHECK-NEXT: {{^}}4 errors generated.{{$}}
