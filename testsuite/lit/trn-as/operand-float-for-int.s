# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A float where an integer expression is expected.

# CHECK:      {{^.*/}}operand-float-for-int.s:[[@LINE+3]]:11: error: expected an integer, found the number 1.5{{$}}
# CHECK-NEXT: {{^}}sp.li r1, 1.5{{$}}
# CHECK-NEXT: {{^}}          ^~~{{$}}
sp.li r1, 1.5
# CHECK-NEXT: {{^.*/}}operand-float-for-int.s:[[@LINE+3]]:17: error: expected an integer, found the number 2.0e3{{$}}
# CHECK-NEXT: {{^}}sp.addi r1, r1, 2.0e3{{$}}
# CHECK-NEXT: {{^}}                ^~~~~{{$}}
sp.addi r1, r1, 2.0e3
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
