# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# sN already names semaphore N wherever a semaphore is expected, so .sem
# cannot declare a name of that form. Names that merely start with s are
# fine.

# CHECK:      {{^.*/}}sem-name-reserved.s:[[@LINE+3]]:6: error: 's5' is how semaphores are written by number (s0, s1, ...): choose another name{{$}}
# CHECK-NEXT: {{^}}.sem s5{{$}}
# CHECK-NEXT: {{^}}     ^~{{$}}
.sem s5
# CHECK-NEXT: {{^.*/}}sem-name-reserved.s:[[@LINE+3]]:6: error: 's63' is how semaphores are written by number (s0, s1, ...): choose another name{{$}}
# CHECK-NEXT: {{^}}.sem s63 at 2 = 1{{$}}
# CHECK-NEXT: {{^}}     ^~~{{$}}
.sem s63 at 2 = 1
.sem s
.sem s1x
.sem sem0
dve.nop wait(s >= 1, s1x >= 1) signal(sem0)
sp.nop wait(s5 >= 0)
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
