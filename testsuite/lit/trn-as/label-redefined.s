# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A label defined twice.

top:
sp.nop
# CHECK:      {{^.*/}}label-redefined.s:[[@LINE+3]]:1: error: 'top' is already defined{{$}}
# CHECK-NEXT: {{^}}top:{{$}}
# CHECK-NEXT: {{^}}^~~{{$}}
top:
sp.halt
# CHECK-NEXT: {{^.*/}}label-redefined.s:[[@LINE-7]]:1: note: previous definition is here{{$}}
# CHECK-NEXT: {{^}}top:{{$}}
# CHECK-NEXT: {{^}}^{{$}}
# CHECK-NEXT: {{^}}1 error generated.{{$}}
