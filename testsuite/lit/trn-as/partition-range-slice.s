# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A slice of the partition dimension beyond 128.

.sbuf x : fp32[128, 64]
.sbuf y : fp32[64, 64] partition 64
# CHECK:      {{^.*/}}partition-range-slice.s:[[@LINE+3]]:19: error: slice 0:129 of dimension 0 of 'x' is out of range; the dimension has size 128{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy x[0:129], x{{$}}
# CHECK-NEXT: {{^}}                  ^~~~~{{$}}
dve.tensor_copy x[0:129], x
# CHECK-NEXT: {{^.*/}}partition-range-slice.s:[[@LINE+3]]:19: error: slice 0:65 of dimension 0 of 'y' is out of range; the dimension has size 64{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy y[0:65], x[0:65]{{$}}
# CHECK-NEXT: {{^}}                  ^~~~{{$}}
dve.tensor_copy y[0:65], x[0:65]
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
