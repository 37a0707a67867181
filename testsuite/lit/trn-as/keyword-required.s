# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A required operand written as key=value.

.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}keyword-required.s:[[@LINE+3]]:33: error: operand 'op' of 'tensor_reduce' is written by position, not as 'op='{{$}}
# CHECK-NEXT: {{^}}dve.tensor_reduce x[:, 0:1], x, op=add{{$}}
# CHECK-NEXT: {{^}}                                ^~{{$}}
dve.tensor_reduce x[:, 0:1], x, op=add
# CHECK-NEXT: {{^}}1 error generated.{{$}}
