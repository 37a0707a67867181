# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Initial data of the MX types must fit: fp4_e2m1 holds +-6 at most (7 and
# beyond would round past it) and no inf or NaN; fp8_e8m0 holds powers of two
# only; a packed type takes none (four values an element). Values that fit
# are accepted.

.chip trn3
.tensor f4 : fp4_e2m1[3] input = [0.5, -6, 6.9]
.tensor sc : fp8_e8m0[3] input = [1, 0.25, 1.7014118346046923e38]
# CHECK:      {{^.*/}}mx-init-data.s:[[@LINE+3]]:37: error: initial value 7 overflows fp4_e2m1{{$}}
# CHECK-NEXT: {{^}}.tensor f4bad : fp4_e2m1[2] input = [6, 7]{{$}}
# CHECK-NEXT: {{^}}                                    ^~~~~~{{$}}
.tensor f4bad : fp4_e2m1[2] input = [6, 7]
# CHECK-NEXT: {{^.*/}}mx-init-data.s:[[@LINE+3]]:37: error: fp4_e2m1 has no infinity or NaN{{$}}
# CHECK-NEXT: {{^}}.tensor f4inf : fp4_e2m1[1] input = [inf]{{$}}
# CHECK-NEXT: {{^}}                                    ^~~~~{{$}}
.tensor f4inf : fp4_e2m1[1] input = [inf]
# CHECK-NEXT: {{^.*/}}mx-init-data.s:[[@LINE+3]]:37: error: initial value 3 is not a power of two from 2^-127 to 2^127, as fp8_e8m0 holds{{$}}
# CHECK-NEXT: {{^}}.tensor scbad : fp8_e8m0[2] input = [2, 3]{{$}}
# CHECK-NEXT: {{^}}                                    ^~~~~~{{$}}
.tensor scbad : fp8_e8m0[2] input = [2, 3]
# CHECK-NEXT: {{^.*/}}mx-init-data.s:[[@LINE+3]]:39: error: tensor 'qbad': a packed type (fp8_e5m2_x4) takes no initial data; give the tensor as an input{{$}}
# CHECK-NEXT: {{^}}.tensor qbad : fp8_e5m2_x4[1] input = [1]{{$}}
# CHECK-NEXT: {{^}}                                      ^~~{{$}}
.tensor qbad : fp8_e5m2_x4[1] input = [1]
# CHECK-NEXT: {{^}}4 errors generated.{{$}}
