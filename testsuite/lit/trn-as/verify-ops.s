# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# The ALU ops an instruction or an engine takes: on the Scalar engine
# tensor_scalar takes op0 multiply or add and op1 add or bypass; bitvec ops
# in tensor_scalar run on the Vector engine only; scalar_tensor_tensor takes
# arithmetic ops; reductions take reducible ops; range_select and
# affine_select compare.
.chip trn2

.sbuf x : fp32[4, 8]
.sbuf y : fp32[4, 8]
.sbuf r : fp32[4, 1]
.sbuf ix : int32[4, 8]
.sbuf iy : int32[4, 8]
.sbuf row : fp32[1, 8]
# Fine on ACT: multiply then add; add then bypass.
act.tensor_scalar y, x, multiply, 2.0, op1=add, operand1=1.0
act.tensor_scalar y, x, add, 1.0
# CHECK:      {{^.*/}}verify-ops.s:[[@LINE+3]]:25: error: on the Scalar engine, tensor_scalar takes op0 multiply or add and op1 add or bypass; op0 is 'subtract'{{$}}
# CHECK-NEXT: {{^}}act.tensor_scalar y, x, subtract, 1.0{{$}}
# CHECK-NEXT: {{^}}                        ^~~~~~~~{{$}}
act.tensor_scalar y, x, subtract, 1.0
# CHECK-NEXT: {{^.*/}}verify-ops.s:[[@LINE+3]]:40: error: on the Scalar engine, tensor_scalar takes op0 multiply or add and op1 add or bypass; op1 is 'maximum'{{$}}
# CHECK-NEXT: {{^}}act.tensor_scalar y, x, multiply, 2.0, op1=maximum, operand1=0.0{{$}}
# CHECK-NEXT: {{^}}                                       ^~~~~~~~~~~{{$}}
act.tensor_scalar y, x, multiply, 2.0, op1=maximum, operand1=0.0
dve.tensor_scalar iy, ix, bitwise_and, 3.0, op1=left_shift, operand1=2.0
# CHECK-NEXT: {{^.*/}}verify-ops.s:[[@LINE+3]]:28: error: bitvec ops in tensor_scalar run on the Vector engine only; 'bitwise_and' runs on POOL{{$}}
# CHECK-NEXT: {{^}}pool.tensor_scalar iy, ix, bitwise_and, 3.0{{$}}
# CHECK-NEXT: {{^}}                           ^~~~~~~~~~~{{$}}
pool.tensor_scalar iy, ix, bitwise_and, 3.0
# CHECK-NEXT: {{^.*/}}verify-ops.s:[[@LINE+3]]:38: error: bitvec ops in tensor_scalar run on the Vector engine only; 'right_shift' runs on POOL{{$}}
# CHECK-NEXT: {{^}}pool.tensor_scalar iy, ix, add, 1.0, op1=right_shift, operand1=2.0{{$}}
# CHECK-NEXT: {{^}}                                     ^~~~~~~~~~~~~~~{{$}}
pool.tensor_scalar iy, ix, add, 1.0, op1=right_shift, operand1=2.0
# CHECK-NEXT: {{^.*/}}verify-ops.s:[[@LINE+6]]:27: error: on the Scalar engine, tensor_scalar takes op0 multiply or add and op1 add or bypass; op0 is 'bitwise_or'{{$}}
# CHECK-NEXT: {{^}}act.tensor_scalar iy, ix, bitwise_or, 3.0{{$}}
# CHECK-NEXT: {{^}}                          ^~~~~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}verify-ops.s:[[@LINE+3]]:27: error: bitvec ops in tensor_scalar run on the Vector engine only; 'bitwise_or' runs on ACT{{$}}
# CHECK-NEXT: {{^}}act.tensor_scalar iy, ix, bitwise_or, 3.0{{$}}
# CHECK-NEXT: {{^}}                          ^~~~~~~~~~{{$}}
act.tensor_scalar iy, ix, bitwise_or, 3.0
# CHECK-NEXT: {{^.*/}}verify-ops.s:[[@LINE+3]]:32: error: 'scalar_tensor_tensor' takes arithmetic ops only; 'bitwise_xor' is a bitvec op{{$}}
# CHECK-NEXT: {{^}}dve.scalar_tensor_tensor y, x, bitwise_xor, 1.0, add, x{{$}}
# CHECK-NEXT: {{^}}                               ^~~~~~~~~~~{{$}}
dve.scalar_tensor_tensor y, x, bitwise_xor, 1.0, add, x
# CHECK-NEXT: {{^.*/}}verify-ops.s:[[@LINE+3]]:42: error: 'scalar_tensor_tensor' takes arithmetic ops only; 'left_shift' is a bitvec op{{$}}
# CHECK-NEXT: {{^}}dve.scalar_tensor_tensor y, x, add, 1.0, left_shift, x{{$}}
# CHECK-NEXT: {{^}}                                         ^~~~~~~~~~{{$}}
dve.scalar_tensor_tensor y, x, add, 1.0, left_shift, x
# CHECK-NEXT: {{^.*/}}verify-ops.s:[[@LINE+3]]:25: error: 'tensor_reduce' cannot reduce with 'subtract': the reducible ops are add, multiply, maximum, minimum, abs_max, abs_min, logical_and, logical_or, logical_xor, bitwise_and, bitwise_or, bitwise_xor{{$}}
# CHECK-NEXT: {{^}}dve.tensor_reduce r, x, subtract{{$}}
# CHECK-NEXT: {{^}}                        ^~~~~~~~{{$}}
dve.tensor_reduce r, x, subtract
# CHECK-NEXT: {{^.*/}}verify-ops.s:[[@LINE+3]]:31: error: 'partition_reduce' cannot reduce with 'divide': the reducible ops are add, multiply, maximum, minimum, abs_max, abs_min, logical_and, logical_or, logical_xor, bitwise_and, bitwise_or, bitwise_xor{{$}}
# CHECK-NEXT: {{^}}pool.partition_reduce row, x, divide{{$}}
# CHECK-NEXT: {{^}}                              ^~~~~~{{$}}
pool.partition_reduce row, x, divide
# CHECK-NEXT: {{^.*/}}verify-ops.s:[[@LINE+3]]:24: error: operand 'cmp0' of 'range_select' must be a comparison (equal, not_equal, greater, greater_equal, less or less_equal), not 'add'{{$}}
# CHECK-NEXT: {{^}}dve.range_select y, x, add, 0.0, less, 8.0, start=0{{$}}
# CHECK-NEXT: {{^}}                       ^~~{{$}}
dve.range_select y, x, add, 0.0, less, 8.0, start=0
# CHECK-NEXT: {{^.*/}}verify-ops.s:[[@LINE+3]]:38: error: operand 'cmp1' of 'range_select' must be a comparison (equal, not_equal, greater, greater_equal, less or less_equal), not 'maximum'{{$}}
# CHECK-NEXT: {{^}}dve.range_select y, x, greater, 0.0, maximum, 8.0{{$}}
# CHECK-NEXT: {{^}}                                     ^~~~~~~{{$}}
dve.range_select y, x, greater, 0.0, maximum, 8.0
# CHECK-NEXT: {{^.*/}}verify-ops.s:[[@LINE+3]]:26: error: operand 'cmp' of 'affine_select' must be a comparison (equal, not_equal, greater, greater_equal, less or less_equal), not 'subtract'{{$}}
# CHECK-NEXT: {{^}}pool.affine_select y, x, subtract, 0, [1], 0.0{{$}}
# CHECK-NEXT: {{^}}                         ^~~~~~~~{{$}}
pool.affine_select y, x, subtract, 0, [1], 0.0
# CHECK-NEXT: {{^}}13 errors generated.{{$}}
# CHECK-NOT:  {{.}}
