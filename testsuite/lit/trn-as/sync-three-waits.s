# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# An instruction waits on at most two conditions.

.sem a
.sem b
.sem c
# CHECK:      {{^.*/}}sync-three-waits.s:[[@LINE+3]]:30: error: an instruction waits on at most 2 conditions; put a sem_wait before it for more{{$}}
# CHECK-NEXT: {{^}}dve.nop wait(a >= 1, b >= 1, c >= 1){{$}}
# CHECK-NEXT: {{^}}                             ^{{$}}
dve.nop wait(a >= 1, b >= 1, c >= 1)
# CHECK-NEXT: {{^.*/}}sync-three-waits.s:[[@LINE+3]]:35: error: an instruction waits on at most 2 conditions; put a sem_wait before it for more{{$}}
# CHECK-NEXT: {{^}}dve.nop wait(a >= 1, b >= 1) wait(c >= 1){{$}}
# CHECK-NEXT: {{^}}                                  ^{{$}}
dve.nop wait(a >= 1, b >= 1) wait(c >= 1)
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
