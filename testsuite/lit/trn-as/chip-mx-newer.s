# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# matmul_mx and quantize_mx are trn3 and later (ISA: NeuronCore-v4).

.chip trn2
.sbuf a : bf16[128, 64]
.psum p : fp32[64, 64]
# CHECK:      {{^.*/}}chip-mx-newer.s:[[@LINE+3]]:4: error: 'matmul_mx' needs trn3 or later; this program targets trn2{{$}}
# CHECK-NEXT: {{^}}pe.matmul_mx p, a, a, a, a{{$}}
# CHECK-NEXT: {{^}}   ^~~~~~~~~{{$}}
pe.matmul_mx p, a, a, a, a
# CHECK-NEXT: {{^.*/}}chip-mx-newer.s:[[@LINE+3]]:5: error: 'quantize_mx' needs trn3 or later; this program targets trn2{{$}}
# CHECK-NEXT: {{^}}dve.quantize_mx a, a, a{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~{{$}}
dve.quantize_mx a, a, a
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
