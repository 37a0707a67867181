# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Two .sem declarations cannot share an index.

.sem a at 3
# CHECK:      {{^.*/}}semaphore-shared-index.s:[[@LINE+3]]:6: error: semaphore 'b' would share s3 with 'a'{{$}}
# CHECK-NEXT: {{^}}.sem b at 3{{$}}
# CHECK-NEXT: {{^}}     ^{{$}}
.sem b at 3
# CHECK-NEXT: {{^}}1 error generated.{{$}}
