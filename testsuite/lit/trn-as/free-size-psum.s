# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Vector operands in PSUM hold at most 4096 elements per partition.

.sbuf x : bf16[128, 8192]
.psum p : bf16[128, 8192]
dve.tensor_copy x, x
# CHECK:      {{^.*/}}free-size-psum.s:[[@LINE+3]]:17: error: operand 'dst' of 'tensor_copy' has 8192 elements per partition; at most 4096 are allowed in PSUM{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy p, x{{$}}
# CHECK-NEXT: {{^}}                ^{{$}}
dve.tensor_copy p, x
# CHECK-NEXT: {{^}}1 error generated.{{$}}
