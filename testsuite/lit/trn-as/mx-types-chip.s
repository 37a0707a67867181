# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# The MX types are trn3's (SHARED, ISA: NeuronCore-v4).

.chip trn2
# CHECK:      {{^.*/}}mx-types-chip.s:[[@LINE+3]]:13: error: dtype fp4_e2m1 needs trn3 or later; this program targets trn2{{$}}
# CHECK-NEXT: {{^}}.tensor a : fp4_e2m1[4] input{{$}}
# CHECK-NEXT: {{^}}            ^~~~~~~~{{$}}
.tensor a : fp4_e2m1[4] input
# CHECK-NEXT: {{^.*/}}mx-types-chip.s:[[@LINE+3]]:11: error: dtype fp8_e8m0 needs trn3 or later; this program targets trn2{{$}}
# CHECK-NEXT: {{^}}.sbuf s : fp8_e8m0[128, 4]{{$}}
# CHECK-NEXT: {{^}}          ^~~~~~~~{{$}}
.sbuf s : fp8_e8m0[128, 4]
# CHECK-NEXT: {{^.*/}}mx-types-chip.s:[[@LINE+3]]:11: error: dtype fp8_e4m3fn_x4 needs trn3 or later; this program targets trn2{{$}}
# CHECK-NEXT: {{^}}.sbuf q : fp8_e4m3fn_x4[128, 4]{{$}}
# CHECK-NEXT: {{^}}          ^~~~~~~~~~~~~{{$}}
.sbuf q : fp8_e4m3fn_x4[128, 4]
# CHECK-NEXT: {{^}}3 errors generated.{{$}}
