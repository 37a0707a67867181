# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# tensor_reduce reduces 1 to 4 axes.

.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}imm-range-reduce-axes.s:[[@LINE+3]]:43: error: 5 is out of range for operand 'axes' of 'tensor_reduce': 1 to 4{{$}}
# CHECK-NEXT: {{^}}dve.tensor_reduce x[:, 0:1], x, add, axes=5{{$}}
# CHECK-NEXT: {{^}}                                          ^{{$}}
dve.tensor_reduce x[:, 0:1], x, add, axes=5
# CHECK-NEXT: {{^.*/}}imm-range-reduce-axes.s:[[@LINE+3]]:43: error: 0 is out of range for operand 'axes' of 'tensor_reduce': 1 to 4{{$}}
# CHECK-NEXT: {{^}}dve.tensor_reduce x[:, 0:1], x, add, axes=0{{$}}
# CHECK-NEXT: {{^}}                                          ^{{$}}
dve.tensor_reduce x[:, 0:1], x, add, axes=0
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
