# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# More indices than dimensions.

.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}slice-too-many-indices.s:[[@LINE+3]]:25: error: 'x' has 2 dimensions: too many indices{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy x[:, 0, 1], x[:, 0]{{$}}
# CHECK-NEXT: {{^}}                        ^{{$}}
dve.tensor_copy x[:, 0, 1], x[:, 0]
# CHECK-NEXT: {{^}}1 error generated.{{$}}
