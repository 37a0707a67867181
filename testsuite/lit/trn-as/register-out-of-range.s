# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Registers are r0 to r63.

sp.li r63, 1
# CHECK:      {{^.*/}}register-out-of-range.s:[[@LINE+3]]:7: error: register r64 is out of range: registers are r0 to r63{{$}}
# CHECK-NEXT: {{^}}sp.li r64, 1{{$}}
# CHECK-NEXT: {{^}}      ^~~{{$}}
sp.li r64, 1
# CHECK-NEXT: {{^.*/}}register-out-of-range.s:[[@LINE+3]]:12: error: register r100 is out of range: registers are r0 to r63{{$}}
# CHECK-NEXT: {{^}}sp.mov r1, r100{{$}}
# CHECK-NEXT: {{^}}           ^~~~{{$}}
sp.mov r1, r100
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
