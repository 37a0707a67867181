# RUN: trn-as %s -o %t.o 2>&1 | count 0
# RUN: trn-objdump -d %t.o | FileCheck --strict-whitespace %s
# RUN: trn-objdump -t %t.o | FileCheck --strict-whitespace --check-prefix=SYMS %s
#
# Labels name the next instruction in its engine's stream; several labels may
# name one instruction, a label may share the line of its instruction, and a
# branch may name a label before it is defined. @N is a raw instruction index.

.const TRIPS = 4
start:
sp.li r1, TRIPS
sp.li r2, 0
loop: again:
sp.addi r2, r2, 1
sp.blt r2, r1, loop
sp.beq r2, r1, exit
sp.jmp again
exit: sp.halt

dve_top:
dve.bgeu r0, r0, dve_end
dve.jmp dve_top
dve.jmp @0
# A comment between a label and its instruction.
dve_end:

dve.halt

# CHECK:      {{^}}# DVE (Vector): 4 instructions{{$}}
# CHECK-NEXT: {{^}}dve_top:{{$}}
# CHECK-NEXT: {{^}}    dve.bgeu r0, r0, dve_end{{( +#.*)?$}}
# CHECK-NEXT: {{^}}    dve.jmp dve_top{{( +#.*)?$}}
# CHECK-NEXT: {{^}}    dve.jmp dve_top{{( +#.*)?$}}
# CHECK-NEXT: {{^}}dve_end:{{$}}
# CHECK-NEXT: {{^}}    dve.halt{{( +#.*)?$}}
# CHECK-EMPTY:
# CHECK-NEXT: {{^}}# SP (Sync): 7 instructions{{$}}
# CHECK-NEXT: {{^}}start:{{$}}
# CHECK-NEXT: {{^}}    sp.li r1, 4{{( +#.*)?$}}
# CHECK-NEXT: {{^}}    sp.li r2, 0{{( +#.*)?$}}
# CHECK-NEXT: {{^}}loop:{{$}}
# CHECK-NEXT: {{^}}again:{{$}}
# CHECK-NEXT: {{^}}    sp.addi r2, r2, 1{{( +#.*)?$}}
# CHECK-NEXT: {{^}}    sp.blt r2, r1, loop{{( +#.*)?$}}
# CHECK-NEXT: {{^}}    sp.beq r2, r1, exit{{( +#.*)?$}}
# CHECK-NEXT: {{^}}    sp.jmp loop{{( +#.*)?$}}
# CHECK-NEXT: {{^}}exit:{{$}}
# CHECK-NEXT: {{^}}    sp.halt{{( +#.*)?$}}
# CHECK-NOT:  {{.}}

# SYMS:      {{^}}Labels:{{$}}
# SYMS-NEXT: {{^}}  DVE       0  dve_top{{$}}
# SYMS-NEXT: {{^}}  DVE       3  dve_end{{$}}
# SYMS-NEXT: {{^}}  SP        0  start{{$}}
# SYMS-NEXT: {{^}}  SP        2  loop{{$}}
# SYMS-NEXT: {{^}}  SP        2  again{{$}}
# SYMS-NEXT: {{^}}  SP        6  exit{{$}}
# SYMS-NOT:  {{.}}
