# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# An empty slice, or a step below 1.

.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}slice-empty.s:[[@LINE+3]]:22: error: slice 5:5 of dimension 1 of 'x' is empty; the dimension has size 64{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy x[:, 5:5], x[:, 0:1]{{$}}
# CHECK-NEXT: {{^}}                     ^~~{{$}}
dve.tensor_copy x[:, 5:5], x[:, 0:1]
# CHECK-NEXT: {{^.*/}}slice-empty.s:[[@LINE+3]]:22: error: slice 9:3 of dimension 1 of 'x' is empty; the dimension has size 64{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy x[:, 9:3], x[:, 0:1]{{$}}
# CHECK-NEXT: {{^}}                     ^~~{{$}}
dve.tensor_copy x[:, 9:3], x[:, 0:1]
# CHECK-NEXT: {{^.*/}}slice-empty.s:[[@LINE+3]]:22: error: slice step 0 must be at least 1{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy x[:, 0:8:0], x[:, 0:1]{{$}}
# CHECK-NEXT: {{^}}                     ^~~~~{{$}}
dve.tensor_copy x[:, 0:8:0], x[:, 0:1]
# CHECK-NEXT: {{^}}3 errors generated.{{$}}
