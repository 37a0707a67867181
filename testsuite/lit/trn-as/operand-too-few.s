# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Too few operands: the caret points at the end of the line.

.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}operand-too-few.s:[[@LINE+3]]:18: error: 'tensor_copy' needs 2 operands (dst, src); found 1{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy x{{$}}
# CHECK-NEXT: {{^}}                 ^{{$}}
dve.tensor_copy x
# CHECK-NEXT: {{^.*/}}operand-too-few.s:[[@LINE+3]]:10: error: 'matmul' needs 3 operands (dst, stationary, moving); found 0{{$}}
# CHECK-NEXT: {{^}}pe.matmul{{$}}
# CHECK-NEXT: {{^}}         ^{{$}}
pe.matmul
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
