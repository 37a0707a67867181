# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A tensor operand naming nothing, or naming a constant.

.const K = 1
.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}undefined-tensor.s:[[@LINE+3]]:20: error: undefined tensor 'nope'{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy x, nope{{$}}
# CHECK-NEXT: {{^}}                   ^~~~{{$}}
dve.tensor_copy x, nope
# CHECK-NEXT: {{^.*/}}undefined-tensor.s:[[@LINE+3]]:17: error: 'K' is not a tensor or allocation{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy K, x{{$}}
# CHECK-NEXT: {{^}}                ^{{$}}
dve.tensor_copy K, x
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
