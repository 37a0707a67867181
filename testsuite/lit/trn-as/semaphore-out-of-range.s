# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Semaphores are s0 to s63.

sp.sem_signal s63, 1
# CHECK:      {{^.*/}}semaphore-out-of-range.s:[[@LINE+3]]:15: error: semaphore s64 is out of range: trn2 has s0 to s63{{$}}
# CHECK-NEXT: {{^}}sp.sem_signal s64, 1{{$}}
# CHECK-NEXT: {{^}}              ^~~{{$}}
sp.sem_signal s64, 1
# CHECK-NEXT: {{^.*/}}semaphore-out-of-range.s:[[@LINE+3]]:14: error: semaphore index 64 is out of range: trn2 has s0 to s63{{$}}
# CHECK-NEXT: {{^}}.sem late at 64{{$}}
# CHECK-NEXT: {{^}}             ^~{{$}}
.sem late at 64
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
