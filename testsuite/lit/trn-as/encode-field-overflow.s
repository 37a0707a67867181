# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A named slice whose free-dimension stride or row step does not fit the
# encoding's 32-bit fields is reported at the operand, in source order, when
# the operand is checked (not when the instruction is encoded after the last
# line). A step past the slice's end selects one element and sets no
# stride (slice-huge.s). A count beyond the 16-bit field is split in two dimensions instead:
# slice-split-count.s.

.tensor a : fp32[128, 64] input
.sbuf x : fp32[128, 64]
.tensor big : int8[2, 3000000000] input
.tensor deep : int8[1, 2, 3000000000] input
.sbuf y : int8[128, 64]
# CHECK:      {{^.*/}}encode-field-overflow.s:[[@LINE+3]]:26: error: the row step 3000000000 does not fit 32 bits{{$}}
# CHECK-NEXT: {{^}}sp.dma_copy y[0:2, 0:1], big[:, 0:1], q0.1{{$}}
# CHECK-NEXT: {{^}}                         ^~~~~~~~~~~{{$}}
sp.dma_copy y[0:2, 0:1], big[:, 0:1], q0.1
# CHECK-NEXT: {{^.*/}}encode-field-overflow.s:[[@LINE+3]]:26: error: free dimension 0 has stride 3000000000: strides are 32-bit{{$}}
# CHECK-NEXT: {{^}}sp.dma_copy y[0:1, 0:2], deep[0:1, :, 0], q0.2{{$}}
# CHECK-NEXT: {{^}}                         ^~~~~~~~~~~~~~~{{$}}
sp.dma_copy y[0:1, 0:2], deep[0:1, :, 0], q0.2
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
