# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# 'none' stands only for an optional tensor.

.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}none-required.s:[[@LINE+3]]:17: error: operand 'dst' of 'tensor_copy' is required; it cannot be 'none'{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy none, x{{$}}
# CHECK-NEXT: {{^}}                ^~~~{{$}}
dve.tensor_copy none, x
act.activation x, x, exp, accum=none
# CHECK-NEXT: {{^}}1 error generated.{{$}}
