# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A key= that the instruction does not have; the message lists the optional ones.

.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}keyword-unknown.s:[[@LINE+3]]:38: error: 'tensor_reduce' has no operand 'foo'; its optional operands are axes, negate{{$}}
# CHECK-NEXT: {{^}}dve.tensor_reduce x[:, 0:1], x, add, foo=1{{$}}
# CHECK-NEXT: {{^}}                                     ^~~{{$}}
dve.tensor_reduce x[:, 0:1], x, add, foo=1
# CHECK-NEXT: {{^.*/}}keyword-unknown.s:[[@LINE+3]]:23: error: 'tensor_copy' has no operand 'axes' and no optional operands{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy x, x, axes=1{{$}}
# CHECK-NEXT: {{^}}                      ^~~~{{$}}
dve.tensor_copy x, x, axes=1
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
