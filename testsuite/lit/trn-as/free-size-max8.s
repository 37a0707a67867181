# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# max8 reads at most 16384 elements per partition.

.sbuf x : fp32[128, 16385]
.sbuf top : fp32[128, 8]
dve.max8 top, x[:, 0:16384]
# CHECK:      {{^.*/}}free-size-max8.s:[[@LINE+3]]:15: error: operand 'src' of 'max8' has 16385 elements per partition; at most 16384 are allowed{{$}}
# CHECK-NEXT: {{^}}dve.max8 top, x{{$}}
# CHECK-NEXT: {{^}}              ^{{$}}
dve.max8 top, x
# CHECK-NEXT: {{^}}1 error generated.{{$}}
