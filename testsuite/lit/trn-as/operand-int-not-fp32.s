# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# An integer fp32 immediate must be exactly representable in fp32.

.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}operand-int-not-fp32.s:[[@LINE+3]]:15: error: 16777217 cannot be held exactly by an fp32 immediate{{$}}
# CHECK-NEXT: {{^}}dve.memset x, 16777217{{$}}
# CHECK-NEXT: {{^}}              ^~~~~~~~{{$}}
dve.memset x, 16777217
# CHECK-NEXT: {{^}}1 error generated.{{$}}
