# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# An instruction signals at most one semaphore.

.sem a
.sem b
# CHECK:      {{^.*/}}sync-two-signals.s:[[@LINE+3]]:19: error: an instruction signals at most one semaphore; use a sem_signal for more{{$}}
# CHECK-NEXT: {{^}}dve.nop signal(a) signal(b){{$}}
# CHECK-NEXT: {{^}}                  ^~~~~~{{$}}
dve.nop signal(a) signal(b)
# CHECK-NEXT: {{^}}1 error generated.{{$}}
