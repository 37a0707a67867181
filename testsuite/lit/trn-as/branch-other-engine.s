# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A branch stays in its own engine's stream.

loop:
dve.nop
# CHECK:      {{^.*/}}branch-other-engine.s:[[@LINE+3]]:8: error: label 'loop' is in the DVE stream, but this branch runs on SP: a branch stays in its own engine's stream{{$}}
# CHECK-NEXT: {{^}}sp.jmp loop{{$}}
# CHECK-NEXT: {{^}}       ^~~~{{$}}
sp.jmp loop
# CHECK-NEXT: {{^}}1 error generated.{{$}}
