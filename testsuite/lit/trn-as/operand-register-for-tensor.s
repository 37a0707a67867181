# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A register where a tensor operand is expected. The name is looked up as a
# tensor, so the message calls it an undefined tensor.

.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}operand-register-for-tensor.s:[[@LINE+3]]:17: error: undefined tensor 'r1'{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy r1, x{{$}}
# CHECK-NEXT: {{^}}                ^~{{$}}
dve.tensor_copy r1, x
# CHECK-NEXT: {{^}}1 error generated.{{$}}
