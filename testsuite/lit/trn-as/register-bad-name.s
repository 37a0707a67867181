# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Something else where a register is expected.

.const K = 1
# CHECK:      {{^.*/}}register-bad-name.s:[[@LINE+3]]:7: error: expected a register (r0 to r63), found 'foo'{{$}}
# CHECK-NEXT: {{^}}sp.li foo, 1{{$}}
# CHECK-NEXT: {{^}}      ^~~{{$}}
sp.li foo, 1
# CHECK-NEXT: {{^.*/}}register-bad-name.s:[[@LINE+3]]:12: error: expected a register (r0 to r63), found 'K'{{$}}
# CHECK-NEXT: {{^}}sp.mov r1, K{{$}}
# CHECK-NEXT: {{^}}           ^{{$}}
sp.mov r1, K
# CHECK-NEXT: {{^.*/}}register-bad-name.s:[[@LINE+3]]:7: error: expected a register (r0 to r63), found '3'{{$}}
# CHECK-NEXT: {{^}}sp.li 3, 1{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
sp.li 3, 1
# CHECK-NEXT: {{^}}3 errors generated.{{$}}
