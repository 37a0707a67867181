# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Only DMA reaches HBM: a compute operand cannot be a declared tensor.

.tensor a : fp32[128, 64] input
.sbuf x : fp32[128, 64]
.psum p : fp32[128, 64]
# CHECK:      {{^.*/}}hbm-compute-operand.s:[[@LINE+3]]:17: error: operand 'dst' of 'tensor_copy' must be in sbuf or psum; this tensor is in hbm{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy a, x{{$}}
# CHECK-NEXT: {{^}}                ^{{$}}
dve.tensor_copy a, x
# CHECK-NEXT: {{^.*/}}hbm-compute-operand.s:[[@LINE+3]]:14: error: operand 'stationary' of 'matmul' must be in sbuf; this tensor is in hbm{{$}}
# CHECK-NEXT: {{^}}pe.matmul p, a, x{{$}}
# CHECK-NEXT: {{^}}             ^{{$}}
pe.matmul p, a, x
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
