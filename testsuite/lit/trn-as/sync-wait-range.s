# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Semaphores hold signed 32-bit values: a wait value, in wait(...) or in
# sem_wait, is -2147483648 to 2147483647 (pos-sync.s has the accepted ends).
# 0xffffffff is not -1.

.sem a
# CHECK:      {{^.*/}}sync-wait-range.s:[[@LINE+3]]:18: error: 2147483648 is out of range for a wait value: -2147483648 to 2147483647{{$}}
# CHECK-NEXT: {{^}}dve.nop wait(a > 2147483648){{$}}
# CHECK-NEXT: {{^}}                 ^~~~~~~~~~{{$}}
dve.nop wait(a > 2147483648)
# CHECK-NEXT: {{^.*/}}sync-wait-range.s:[[@LINE+3]]:19: error: 4294967295 is out of range for a wait value: -2147483648 to 2147483647{{$}}
# CHECK-NEXT: {{^}}dve.nop wait(a == 0xffffffff){{$}}
# CHECK-NEXT: {{^}}                  ^~~~~~~~~~{{$}}
dve.nop wait(a == 0xffffffff)
# CHECK-NEXT: {{^.*/}}sync-wait-range.s:[[@LINE+3]]:26: error: -2147483649 is out of range for a wait value: -2147483648 to 2147483647{{$}}
# CHECK-NEXT: {{^}}dve.nop wait(a >= 0, a < -2147483649){{$}}
# CHECK-NEXT: {{^}}                         ^~~~~~~~~~~{{$}}
dve.nop wait(a >= 0, a < -2147483649)
# CHECK-NEXT: {{^.*/}}sync-wait-range.s:[[@LINE+3]]:20: error: 4294967295 is out of range for operand 'value' of 'sem_wait': -2147483648 to 2147483647{{$}}
# CHECK-NEXT: {{^}}sp.sem_wait a, ge, 4294967295{{$}}
# CHECK-NEXT: {{^}}                   ^~~~~~~~~~{{$}}
sp.sem_wait a, ge, 4294967295
# CHECK-NEXT: {{^.*/}}sync-wait-range.s:[[@LINE+3]]:20: error: -2147483649 is out of range for operand 'value' of 'sem_wait': -2147483648 to 2147483647{{$}}
# CHECK-NEXT: {{^}}sp.sem_wait a, ge, -2147483649{{$}}
# CHECK-NEXT: {{^}}                   ^~~~~~~~~~~{{$}}
sp.sem_wait a, ge, -2147483649
# CHECK-NEXT: {{^}}5 errors generated.{{$}}
