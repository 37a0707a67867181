# RUN: rm -f %t.o
# RUN: not trn-as --chip trn1 %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# --chip alone selects the target.

# CHECK:      {{^.*/}}chip-option-dtype.s:[[@LINE+3]]:11: error: dtype fp8_e4m3fn needs trn3 or later; this program targets trn1{{$}}
# CHECK-NEXT: {{^}}.sbuf x : fp8_e4m3fn[128, 4]{{$}}
# CHECK-NEXT: {{^}}          ^~~~~~~~~~{{$}}
.sbuf x : fp8_e4m3fn[128, 4]
# CHECK-NEXT: {{^}}1 error generated.{{$}}
