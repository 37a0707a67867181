# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A binary operator without its right operand.

# CHECK:      {{^.*/}}expr-missing-operand.s:[[@LINE+3]]:15: error: expected an integer expression, found end of line{{$}}
# CHECK-NEXT: {{^}}.const A = 1 +{{$}}
# CHECK-NEXT: {{^}}              ^{{$}}
.const A = 1 +
# CHECK-NEXT: {{^.*/}}expr-missing-operand.s:[[@LINE+3]]:16: error: expected an integer expression, found '*'{{$}}
# CHECK-NEXT: {{^}}.const B = 2 * * 3{{$}}
# CHECK-NEXT: {{^}}               ^{{$}}
.const B = 2 * * 3
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
