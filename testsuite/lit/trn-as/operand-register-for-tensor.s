# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A register where a tensor operand is expected: the message says a register
# was found.

.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}operand-register-for-tensor.s:[[@LINE+3]]:17: error: operand 'dst' of 'tensor_copy' is a tensor: expected a tensor name, a slice or ap(...), found register 'r1'{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy r1, x{{$}}
# CHECK-NEXT: {{^}}                ^~{{$}}
dve.tensor_copy r1, x
# CHECK-NEXT: {{^}}1 error generated.{{$}}
