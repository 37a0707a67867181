# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# reg_load and reg_store move one element: the operand's limit of one
# element per partition does not let a pattern over several partitions
# through.

.tensor t : int32[2, 1] input
.sbuf x : int32[4, 1]
sp.reg_store x[0:1], r1
# CHECK:      {{^.*/}}verify-register-one-element.s:[[@LINE+3]]:14: error: operand 'dst' of 'reg_store' is [4 x 1]: a register moves one element{{$}}
# CHECK-NEXT: {{^}}sp.reg_store x, r1{{$}}
# CHECK-NEXT: {{^}}             ^{{$}}
sp.reg_store x, r1
# CHECK-NEXT: {{^.*/}}verify-register-one-element.s:[[@LINE+3]]:17: error: operand 'src' of 'reg_load' is [2 x 1]: a register moves one element{{$}}
# CHECK-NEXT: {{^}}sp.reg_load r2, t{{$}}
# CHECK-NEXT: {{^}}                ^{{$}}
sp.reg_load r2, t
sp.reg_load r2, t[1]
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
# CHECK-NOT:  {{.}}
