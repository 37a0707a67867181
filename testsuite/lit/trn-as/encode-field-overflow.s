# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A slice whose stride or count passes the checks on the operand but not the
# encoding's fields is reported when the instruction is encoded, after the last
# line, at the start of the instruction, stream by stream (DVE before SP)
# rather than in source order. A count of 65536 is within memset's limit of
# 65536 elements per partition, but a free dimension's count is 16 bits.

.tensor a : fp32[128, 64] input
.sbuf x : fp32[128, 64]
.sbuf big : uint8[128, 65536]
sp.dma_copy x[:, 0:64:1000000000000], a[:, 0:1], q0.0
# CHECK:      {{^.*/}}encode-field-overflow.s:[[@LINE+3]]:1: error: operand 'dst' of 'memset': access-pattern 65536 does not fit the 16-bit field 'dim0_count'{{$}}
# CHECK-NEXT: {{^}}dve.memset big, 0.0{{$}}
# CHECK-NEXT: {{^}}^{{$}}
dve.memset big, 0.0
# CHECK-NEXT: {{^.*/}}encode-field-overflow.s:[[@LINE-5]]:1: error: operand 'dst' of 'dma_copy': access-pattern 1000000000000 does not fit the 32-bit signed field 'dim0_stride'{{$}}
# CHECK-NEXT: {{^}}sp.dma_copy x[:, 0:64:1000000000000], a[:, 0:1], q0.0{{$}}
# CHECK-NEXT: {{^}}^{{$}}
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
