# RUN: rm -f %t.o
# RUN: trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test -s %t.o
#
# A semaphore that is signalled but that nothing waits on is reported. sN
# names the .sem at index N; a sem_wait counts as a wait; a semaphore nothing
# touches is not reported.

.sem ready
# CHECK:      {{^.*/}}warn-sem-never-waited.s:[[@LINE+3]]:6: warning: semaphore 'done' is signalled but never waited on{{$}}
# CHECK-NEXT: {{^}}.sem done{{$}}
# CHECK-NEXT: {{^}}     ^{{$}}
.sem done
# CHECK-NEXT: {{^.*/}}warn-sem-never-waited.s:[[@LINE+3]]:6: warning: semaphore 'spare' is signalled but never waited on{{$}}
# CHECK-NEXT: {{^}}.sem spare{{$}}
# CHECK-NEXT: {{^}}     ^{{$}}
.sem spare
.sem polled
.sem untouched
sp.nop signal(ready)
dve.nop wait(ready >= 1) signal(done, 2)
sp.sem_signal s2, 1
act.sem_signal polled, 1
pool.sem_wait polled, eq, 1
# CHECK-NOT:  {{.}}
