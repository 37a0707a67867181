# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Semaphores are s0 to s255 (isa/Chips.td).

sp.sem_signal s255, 1
# CHECK:      {{^.*/}}semaphore-out-of-range.s:[[@LINE+3]]:15: error: semaphore s256 is out of range: trn2 has s0 to s255{{$}}
# CHECK-NEXT: {{^}}sp.sem_signal s256, 1{{$}}
# CHECK-NEXT: {{^}}              ^~~~{{$}}
sp.sem_signal s256, 1
# CHECK-NEXT: {{^.*/}}semaphore-out-of-range.s:[[@LINE+3]]:14: error: semaphore index 256 is out of range: trn2 has s0 to s255{{$}}
# CHECK-NEXT: {{^}}.sem late at 256{{$}}
# CHECK-NEXT: {{^}}             ^~~{{$}}
.sem late at 256
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
