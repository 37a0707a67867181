# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Shifts are 0 to 63.

.const A = 1 << 63
# CHECK:      {{^.*/}}expr-shift-range.s:[[@LINE+3]]:14: error: shift by 64: shifts are 0 to 63{{$}}
# CHECK-NEXT: {{^}}.const B = 1 << 64{{$}}
# CHECK-NEXT: {{^}}             ^~{{$}}
.const B = 1 << 64
# CHECK-NEXT: {{^.*/}}expr-shift-range.s:[[@LINE+3]]:14: error: shift by -1: shifts are 0 to 63{{$}}
# CHECK-NEXT: {{^}}.const C = 8 >> -1{{$}}
# CHECK-NEXT: {{^}}             ^~{{$}}
.const C = 8 >> -1
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
