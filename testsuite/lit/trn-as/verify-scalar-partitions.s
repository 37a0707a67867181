# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A scalar operand given as a [P, 1] tensor has one partition, shared by
# every partition of the instruction, or one per partition.
.chip trn2

.sbuf x : fp32[8, 16]
.sbuf s1 : fp32[1, 1]
.sbuf s4 : fp32[4, 1]
.sbuf s8 : fp32[8, 1]
# Fine: one for all, one per partition.
act.activation x, x, exp, scale=s1, bias=s8
dve.tensor_scalar x, x, add, s8, op1=multiply, operand1=s1
# CHECK:      {{^.*/}}verify-scalar-partitions.s:[[@LINE+3]]:27: error: operand 'scale' of 'activation' has 4 partitions, but the instruction works on 8: a [P, 1] operand has one partition for all, or one per partition{{$}}
# CHECK-NEXT: {{^}}act.activation x, x, exp, scale=s4{{$}}
# CHECK-NEXT: {{^}}                          ^~~~~~~~{{$}}
act.activation x, x, exp, scale=s4
# CHECK-NEXT: {{^.*/}}verify-scalar-partitions.s:[[@LINE+3]]:27: error: operand 'bias' of 'activation' has 4 partitions, but the instruction works on 8: a [P, 1] operand has one partition for all, or one per partition{{$}}
# CHECK-NEXT: {{^}}act.activation x, x, exp, bias=s4{{$}}
# CHECK-NEXT: {{^}}                          ^~~~~~~{{$}}
act.activation x, x, exp, bias=s4
# CHECK-NEXT: {{^.*/}}verify-scalar-partitions.s:[[@LINE+3]]:30: error: operand 'operand0' of 'tensor_scalar' has 4 partitions, but the instruction works on 8: a [P, 1] operand has one partition for all, or one per partition{{$}}
# CHECK-NEXT: {{^}}dve.tensor_scalar x, x, add, s4{{$}}
# CHECK-NEXT: {{^}}                             ^~{{$}}
dve.tensor_scalar x, x, add, s4
# CHECK-NEXT: {{^.*/}}verify-scalar-partitions.s:[[@LINE+3]]:49: error: operand 'operand1' of 'tensor_scalar' has 4 partitions, but the instruction works on 8: a [P, 1] operand has one partition for all, or one per partition{{$}}
# CHECK-NEXT: {{^}}dve.tensor_scalar x, x, add, 1.0, op1=multiply, operand1=s4{{$}}
# CHECK-NEXT: {{^}}                                                ^~~~~~~~~~~{{$}}
dve.tensor_scalar x, x, add, 1.0, op1=multiply, operand1=s4
# CHECK-NEXT: {{^.*/}}verify-scalar-partitions.s:[[@LINE+3]]:37: error: operand 'scalar' of 'scalar_tensor_tensor' has 4 partitions, but the instruction works on 8: a [P, 1] operand has one partition for all, or one per partition{{$}}
# CHECK-NEXT: {{^}}dve.scalar_tensor_tensor x, x, add, s4, multiply, x{{$}}
# CHECK-NEXT: {{^}}                                    ^~{{$}}
dve.scalar_tensor_tensor x, x, add, s4, multiply, x
# CHECK-NEXT: {{^.*/}}verify-scalar-partitions.s:[[@LINE+3]]:48: error: operand 'initial' of 'tensor_tensor_scan' has 4 partitions, but the instruction works on 8: a [P, 1] operand has one partition for all, or one per partition{{$}}
# CHECK-NEXT: {{^}}dve.tensor_tensor_scan x, x, x, add, multiply, initial=s4{{$}}
# CHECK-NEXT: {{^}}                                               ^~~~~~~~~~{{$}}
dve.tensor_tensor_scan x, x, x, add, multiply, initial=s4
# CHECK-NEXT: {{^.*/}}verify-scalar-partitions.s:[[@LINE+3]]:33: error: operand 'bound0' of 'range_select' has 4 partitions, but the instruction works on 8: a [P, 1] operand has one partition for all, or one per partition{{$}}
# CHECK-NEXT: {{^}}dve.range_select x, x, greater, s4, less, 8.0{{$}}
# CHECK-NEXT: {{^}}                                ^~{{$}}
dve.range_select x, x, greater, s4, less, 8.0
# CHECK-NEXT: {{^.*/}}verify-scalar-partitions.s:[[@LINE+3]]:44: error: operand 'bound1' of 'range_select' has 4 partitions, but the instruction works on 8: a [P, 1] operand has one partition for all, or one per partition{{$}}
# CHECK-NEXT: {{^}}dve.range_select x, x, greater, 0.0, less, s4{{$}}
# CHECK-NEXT: {{^}}                                           ^~{{$}}
dve.range_select x, x, greater, 0.0, less, s4
# CHECK-NEXT: {{^}}8 errors generated.{{$}}
# CHECK-NOT:  {{.}}
