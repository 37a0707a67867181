# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Division and remainder by zero.

.const Z = 0
# CHECK:      {{^.*/}}expr-division-by-zero.s:[[@LINE+3]]:14: error: division by zero{{$}}
# CHECK-NEXT: {{^}}.const A = 1 / 0{{$}}
# CHECK-NEXT: {{^}}             ^{{$}}
.const A = 1 / 0
# CHECK-NEXT: {{^.*/}}expr-division-by-zero.s:[[@LINE+3]]:14: error: division by zero{{$}}
# CHECK-NEXT: {{^}}.const B = 7 % (Z * 3){{$}}
# CHECK-NEXT: {{^}}             ^{{$}}
.const B = 7 % (Z * 3)
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
