# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A name that is neither a .sem nor sN; a token that is not a name at all, or
# nothing.

.const K = 1
# CHECK:      {{^.*/}}semaphore-unknown.s:[[@LINE+3]]:15: error: 'nosem' is not a semaphore: declare it with .sem or write s0 to s255{{$}}
# CHECK-NEXT: {{^}}sp.sem_signal nosem, 1{{$}}
# CHECK-NEXT: {{^}}              ^~~~~{{$}}
sp.sem_signal nosem, 1
# CHECK-NEXT: {{^.*/}}semaphore-unknown.s:[[@LINE+3]]:13: error: 'K' is not a semaphore: declare it with .sem or write s0 to s255{{$}}
# CHECK-NEXT: {{^}}sp.nop wait(K >= 1){{$}}
# CHECK-NEXT: {{^}}            ^{{$}}
sp.nop wait(K >= 1)
# CHECK-NEXT: {{^.*/}}semaphore-unknown.s:[[@LINE+3]]:15: error: expected a semaphore (a .sem name or s0 to s255), found '3'{{$}}
# CHECK-NEXT: {{^}}sp.sem_signal 3, 1{{$}}
# CHECK-NEXT: {{^}}              ^{{$}}
sp.sem_signal 3, 1
# CHECK-NEXT: {{^.*/}}semaphore-unknown.s:[[@LINE+3]]:13: error: expected a semaphore (a .sem name or s0 to s255), found end of line{{$}}
# CHECK-NEXT: {{^}}sp.nop wait({{$}}
# CHECK-NEXT: {{^}}            ^{{$}}
sp.nop wait(
# CHECK-NEXT: {{^}}4 errors generated.{{$}}
