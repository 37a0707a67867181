# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A slice past the end of a dimension.

.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}slice-out-of-range.s:[[@LINE+3]]:22: error: slice 0:65 of dimension 1 of 'x' is out of range; the dimension has size 64{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy x[:, 0:65], x{{$}}
# CHECK-NEXT: {{^}}                     ^~~~{{$}}
dve.tensor_copy x[:, 0:65], x
# CHECK-NEXT: {{^.*/}}slice-out-of-range.s:[[@LINE+3]]:22: error: slice -1:4 of dimension 1 of 'x' is out of range; the dimension has size 64{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy x[:, -1:4], x[:, 0:5]{{$}}
# CHECK-NEXT: {{^}}                     ^~~~{{$}}
dve.tensor_copy x[:, -1:4], x[:, 0:5]
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
