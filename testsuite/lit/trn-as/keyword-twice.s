# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# An optional operand given twice.

.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}keyword-twice.s:[[@LINE+3]]:59: error: operand 'axes' is given twice{{$}}
# CHECK-NEXT: {{^}}dve.tensor_reduce x[:, 0:1], x, add, axes=1, negate=true, axes=1{{$}}
# CHECK-NEXT: {{^}}                                                          ^~~~{{$}}
dve.tensor_reduce x[:, 0:1], x, add, axes=1, negate=true, axes=1
# CHECK-NEXT: {{^}}1 error generated.{{$}}
