# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A branch to a label that is never defined, reported after the last line.

sp.li r1, 3
# CHECK:      {{^.*/}}undefined-label.s:[[@LINE+3]]:16: error: branch to unknown label 'nowhere'{{$}}
# CHECK-NEXT: {{^}}sp.bne r1, r0, nowhere{{$}}
# CHECK-NEXT: {{^}}               ^~~~~~~{{$}}
sp.bne r1, r0, nowhere
sp.halt
# CHECK-NEXT: {{^}}1 error generated.{{$}}
