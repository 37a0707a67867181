# RUN: trn-as %s -o %t.o 2>&1 | count 0
# RUN: trn-objdump -d %t.o | FileCheck --strict-whitespace %s
#
# wait(...) and signal(...) clauses follow the operands, without a comma:
# up to two conditions in one or two wait clauses (a value or a register;
# values are signed 32-bit, -2147483648 to 2147483647, as semaphores are),
# and one signal with an optional signed amount (default 1). A semaphore is a
# .sem name or sN; .sem takes "at N" and an initial value.

.sem ready
.sem done = 4
.sem flag at 7 = -2
.sbuf x : fp32[128, 64]

# CHECK:      {{^}}.sem ready at 0{{$}}
# CHECK-NEXT: {{^}}.sem done at 1 = 4{{$}}
# CHECK-NEXT: {{^}}.sem flag at 7 = -2{{$}}
# CHECK-EMPTY:
# CHECK-NEXT: {{^}}# DVE (Vector): 7 instructions{{$}}
# CHECK-NEXT: {{^}}    dve.memset ap(sbuf fp32, 0:128, 0x0, [1, 64]), 0.0 wait(s0 >= r4) signal(s1){{( +#.*)?$}}
dve.memset x, 0.0 wait(ready >= r4) signal(done)
# CHECK-NEXT: {{^}}    dve.nop wait(s0 == 1, s7 != 0){{( +#.*)?$}}
dve.nop wait(ready == 1, flag != 0)
# CHECK-NEXT: {{^}}    dve.nop wait(s0 < 5, s1 > 2147483647){{( +#.*)?$}}
dve.nop wait(s0 < 5) wait(done > 0x7fffffff)
# Semaphores are signed: a wait value may be negative.
# CHECK-NEXT: {{^}}    dve.nop wait(s7 >= -2, s1 != -2147483648){{( +#.*)?$}}
dve.nop wait(flag >= -2, done != -2147483648)
# CHECK-NEXT: {{^}}    dve.nop wait(s7 <= r63) signal(s7, -2){{( +#.*)?$}}
dve.nop wait(flag <= r63) signal(flag, -2)
# CHECK-NEXT: {{^}}    dve.nop signal(s63, 32767){{( +#.*)?$}}
dve.nop signal(s63, 32767)
# A signal clause may come before the wait; the order is not kept.
# CHECK-NEXT: {{^}}    dve.nop wait(s1 >= 2) signal(s0, -32768){{( +#.*)?$}}
dve.nop signal(ready, -32768) wait(done >= 2)
# CHECK-EMPTY:
# CHECK-NEXT: {{^}}# SP (Sync): 4 instructions{{$}}
# CHECK-NEXT: {{^}}    sp.sem_wait s1, ge, 1{{( +#.*)?$}}
sp.sem_wait done, ge, 1
# CHECK-NEXT: {{^}}    sp.sem_signal s63, -1 wait(s7 == 0){{( +#.*)?$}}
sp.sem_signal s63, -1 wait(flag == 0)
# CHECK-NEXT: {{^}}    sp.sem_wait s63, lt, 0{{( +#.*)?$}}
sp.sem_wait s63, lt, 0
# CHECK-NEXT: {{^}}    sp.sem_wait s7, gt, -1{{( +#.*)?$}}
sp.sem_wait flag, gt, -1
# CHECK-NOT:  {{.}}
