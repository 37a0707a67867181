# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# reg_load reads one int32 or uint32 element.

.tensor n : fp32[1] input
# CHECK:      {{^.*/}}dtype-reg-load-fp32.s:[[@LINE+3]]:17: error: operand 'src' of 'reg_load' cannot be fp32: expected int32, uint32{{$}}
# CHECK-NEXT: {{^}}sp.reg_load r1, n{{$}}
# CHECK-NEXT: {{^}}                ^{{$}}
sp.reg_load r1, n
# CHECK-NEXT: {{^}}1 error generated.{{$}}
