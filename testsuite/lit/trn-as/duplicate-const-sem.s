# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Constants, semaphores and labels share one namespace.

.const K = 4
# CHECK:      {{^.*/}}duplicate-const-sem.s:[[@LINE+3]]:6: error: 'K' is already defined{{$}}
# CHECK-NEXT: {{^}}.sem K{{$}}
# CHECK-NEXT: {{^}}     ^{{$}}
.sem K
# CHECK-NEXT: {{^.*/}}duplicate-const-sem.s:[[@LINE-5]]:8: note: previous definition is here{{$}}
# CHECK-NEXT: {{^}}.const K = 4{{$}}
# CHECK-NEXT: {{^}}       ^{{$}}
# CHECK-NEXT: {{^}}1 error generated.{{$}}
