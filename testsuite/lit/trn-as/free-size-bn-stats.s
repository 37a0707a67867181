# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# bn_stats reads at most 512 elements per partition (bn_stats_fmax).

.sbuf x : fp32[128, 1024]
.sbuf st : fp32[128, 6]
dve.bn_stats st, x[:, 0:512]
# CHECK:      {{^.*/}}free-size-bn-stats.s:[[@LINE+3]]:18: error: operand 'src' of 'bn_stats' has 1024 elements per partition; at most 512 are allowed{{$}}
# CHECK-NEXT: {{^}}dve.bn_stats st, x{{$}}
# CHECK-NEXT: {{^}}                 ^{{$}}
dve.bn_stats st, x
# CHECK-NEXT: {{^}}1 error generated.{{$}}
