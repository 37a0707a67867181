# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A tensor name where an enum (AluOp) is expected.

.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}operand-tensor-for-enum.s:[[@LINE+3]]:25: error: operand 'op0' of 'tensor_scalar' is an AluOp: expected one of its 32 values (see the ISA reference), found 'x'{{$}}
# CHECK-NEXT: {{^}}dve.tensor_scalar x, x, x, 1.0{{$}}
# CHECK-NEXT: {{^}}                        ^{{$}}
dve.tensor_scalar x, x, x, 1.0
# CHECK-NEXT: {{^}}1 error generated.{{$}}
