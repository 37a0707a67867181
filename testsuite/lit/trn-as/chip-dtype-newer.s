# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# fp8_e4m3fn is trn3 only.

.chip trn2
# CHECK:      {{^.*/}}chip-dtype-newer.s:[[@LINE+3]]:13: error: dtype fp8_e4m3fn needs trn3 or later; this program targets trn2{{$}}
# CHECK-NEXT: {{^}}.tensor t : fp8_e4m3fn[4] input{{$}}
# CHECK-NEXT: {{^}}            ^~~~~~~~~~{{$}}
.tensor t : fp8_e4m3fn[4] input
# CHECK-NEXT: {{^.*/}}chip-dtype-newer.s:[[@LINE+3]]:11: error: dtype fp8_e4m3fn needs trn3 or later; this program targets trn2{{$}}
# CHECK-NEXT: {{^}}.sbuf x : fp8_e4m3fn[128, 4]{{$}}
# CHECK-NEXT: {{^}}          ^~~~~~~~~~{{$}}
.sbuf x : fp8_e4m3fn[128, 4]
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
