# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# An index past the end of a dimension.

.tensor t : fp32[4, 32, 16] input
.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}slice-index-out-of-range.s:[[@LINE+3]]:22: error: index 64 is out of range for dimension 1 of 'x' (size 64){{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy x[:, 64], x[:, 0]{{$}}
# CHECK-NEXT: {{^}}                     ^~{{$}}
dve.tensor_copy x[:, 64], x[:, 0]
# CHECK-NEXT: {{^.*/}}slice-index-out-of-range.s:[[@LINE+3]]:30: error: index 4 is out of range for dimension 0 of 't' (size 4){{$}}
# CHECK-NEXT: {{^}}sp.dma_copy x[0:32, 0:16], t[4], q0.0{{$}}
# CHECK-NEXT: {{^}}                             ^{{$}}
sp.dma_copy x[0:32, 0:16], t[4], q0.0
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
