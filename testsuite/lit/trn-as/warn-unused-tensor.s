# RUN: rm -f %t.o
# RUN: trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test -s %t.o
#
# A tensor or allocation no instruction touches is reported, in source order,
# and the object is still written. Touching the bytes through ap(...) counts
# as a use; sizeof() and addr() do not.

.tensor a : fp32[128, 64] input
# CHECK:      {{^.*/}}warn-unused-tensor.s:[[@LINE+3]]:9: warning: tensor 'unused' is declared but never used{{$}}
# CHECK-NEXT: {{^}}.tensor unused : fp32[4] scratch{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
.tensor unused : fp32[4] scratch
.sbuf x : fp32[128, 64]
.sbuf via_ap : fp32[128, 64]
# CHECK-NEXT: {{^.*/}}warn-unused-tensor.s:[[@LINE+3]]:7: warning: allocation 'idle' is declared but never used{{$}}
# CHECK-NEXT: {{^}}.sbuf idle : fp32[128, 64]{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
.sbuf idle : fp32[128, 64]
sp.dma_copy x, a, q0.0
dve.tensor_copy ap(sbuf fp32, 0:128, addr(via_ap), [1, 64]), x
sp.li r1, sizeof(idle)
# CHECK-NOT:  {{.}}
