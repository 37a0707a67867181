# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A label must be followed by an instruction.

sp.nop
# CHECK:      {{^.*/}}label-at-end.s:[[@LINE+3]]:1: error: label 'end' is not followed by an instruction{{$}}
# CHECK-NEXT: {{^}}end:{{$}}
# CHECK-NEXT: {{^}}^~~{{$}}
end:
# CHECK-NEXT: {{^}}1 error generated.{{$}}
