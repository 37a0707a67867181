# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A predicate must be uint8, uint16 or uint32.

.sbuf x : fp32[128, 64]
.sbuf m : uint8[128, 64]
dve.tensor_copy_predicated x, x, m
# CHECK:      {{^.*/}}dtype-predicate-fp32.s:[[@LINE+3]]:34: error: operand 'predicate' of 'tensor_copy_predicated' cannot be fp32: expected uint8, uint16, uint32{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy_predicated x, x, x{{$}}
# CHECK-NEXT: {{^}}                                 ^{{$}}
dve.tensor_copy_predicated x, x, x
# CHECK-NEXT: {{^}}1 error generated.{{$}}
