# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# GpSimd has no PSUM access, though the instruction's operands allow PSUM.

.sbuf x : fp32[128, 64]
.psum p : fp32[128, 64]
dve.tensor_copy p, x
# CHECK:      {{^.*/}}gpsimd-psum.s:[[@LINE+3]]:18: error: engine POOL (GpSimd) cannot reach psum: it reaches sbuf only{{$}}
# CHECK-NEXT: {{^}}pool.tensor_copy p, x{{$}}
# CHECK-NEXT: {{^}}                 ^{{$}}
pool.tensor_copy p, x
# CHECK-NEXT: {{^}}1 error generated.{{$}}
