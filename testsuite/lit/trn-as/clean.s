# RUN: rm -f %t.o
# RUN: trn-as %s -o %t.o 2>&1 | count 0
# RUN: test -s %t.o
# RUN: sh -c 'trn-as "$0" -o "$1"; echo "exit status $?"' %s %t.o | FileCheck --check-prefix=STATUS %s
# RUN: trn-objdump -h %t.o | FileCheck %s
# STATUS: {{^}}exit status 0{{$}}
#
# A clean program assembles silently with exit status 0 and writes an object.

.tensor a : fp32[128, 64] input
.tensor b : fp32[128, 64] output
.sbuf x : fp32[128, 64]
.sem loaded
.sem computed
sp.dma_copy x, a, q0.0 signal(loaded)
act.activation x, x, exp wait(loaded >= 1) signal(computed)
sp.dma_copy b, x, q0.1 wait(computed >= 1)
sp.halt
act.halt

# CHECK:      {{^}}.text.pe 0 0{{$}}
# CHECK-NEXT: {{^}}.text.dve 0 0{{$}}
# CHECK-NEXT: {{^}}.text.act {{[1-9][0-9]*}} 2{{$}}
# CHECK-NEXT: {{^}}.text.pool 0 0{{$}}
# CHECK-NEXT: {{^}}.text.sp {{[1-9][0-9]*}} 3{{$}}
# CHECK:      {{^}}2 tensors, 1 allocations, 2 semaphores, 0 labels, 1 source files{{$}}
