# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A wait needs a comparison. (Wait values are signed: sync-wait-range.s.)

.sem a
# CHECK:      {{^.*/}}sync-missing-comparison.s:[[@LINE+3]]:16: error: expected a comparison (==, !=, >=, >, <=, <) after the semaphore{{$}}
# CHECK-NEXT: {{^}}dve.nop wait(a 1){{$}}
# CHECK-NEXT: {{^}}               ^{{$}}
dve.nop wait(a 1)
# CHECK-NEXT: {{^.*/}}sync-missing-comparison.s:[[@LINE+3]]:16: error: expected a comparison (==, !=, >=, >, <=, <) after the semaphore{{$}}
# CHECK-NEXT: {{^}}dve.nop wait(a = 1){{$}}
# CHECK-NEXT: {{^}}               ^{{$}}
dve.nop wait(a = 1)
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
