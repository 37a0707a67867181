# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A wait needs a comparison.

.sem a
# CHECK:      {{^.*/}}sync-missing-comparison.s:[[@LINE+3]]:16: error: expected a comparison (==, !=, >=, >, <=, <) after the semaphore{{$}}
# CHECK-NEXT: {{^}}dve.nop wait(a 1){{$}}
# CHECK-NEXT: {{^}}               ^{{$}}
dve.nop wait(a 1)
# CHECK-NEXT: {{^.*/}}sync-missing-comparison.s:[[@LINE+3]]:16: error: expected a comparison (==, !=, >=, >, <=, <) after the semaphore{{$}}
# CHECK-NEXT: {{^}}dve.nop wait(a = 1){{$}}
# CHECK-NEXT: {{^}}               ^{{$}}
dve.nop wait(a = 1)
# CHECK-NEXT: {{^.*/}}sync-missing-comparison.s:[[@LINE+3]]:19: error: -1 is out of range for a wait value: 0 to 4294967295{{$}}
# CHECK-NEXT: {{^}}dve.nop wait(a >= -1){{$}}
# CHECK-NEXT: {{^}}                  ^~{{$}}
dve.nop wait(a >= -1)
# CHECK-NEXT: {{^}}3 errors generated.{{$}}
