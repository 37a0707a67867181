# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# bn_stats writes fp32 statistics.

.sbuf x : fp32[128, 64]
.sbuf st : fp16[128, 6]
# CHECK:      {{^.*/}}dtype-bn-stats-fp16.s:[[@LINE+3]]:14: error: operand 'dst' of 'bn_stats' cannot be fp16: expected fp32{{$}}
# CHECK-NEXT: {{^}}dve.bn_stats st, x{{$}}
# CHECK-NEXT: {{^}}             ^~{{$}}
dve.bn_stats st, x
# CHECK-NEXT: {{^}}1 error generated.{{$}}
