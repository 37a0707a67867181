# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Elementwise operands agree in shape: partitions and elements per
# partition (the free dimensions may differ). tensor_tensor,
# scalar_tensor_tensor and tensor_tensor_scan may not take both inputs
# from PSUM. The verifier reports each at the operand at fault.

.sbuf a : fp32[4, 8]
.sbuf b : fp32[4, 8]
.sbuf c : fp32[8, 8]
.sbuf d : fp32[4, 2, 4]
.psum p : fp32[4, 8]
.psum q : fp32[4, 8]
# CHECK:      {{^.*/}}verify-shape-elementwise.s:[[@LINE+3]]:30: error: operand 'src1' of 'tensor_tensor' is [4 x 4] but 'src0' is [4 x 8]: they must have the same shape (partitions x elements per partition){{$}}
# CHECK-NEXT: {{^}}dve.tensor_tensor c[0:4], a, b[:, 0:4], add{{$}}
# CHECK-NEXT: {{^}}                             ^~~~~~~~~{{$}}
dve.tensor_tensor c[0:4], a, b[:, 0:4], add
# CHECK-NEXT: {{^.*/}}verify-shape-elementwise.s:[[@LINE+3]]:19: error: operand 'dst' of 'tensor_tensor' is [8 x 8] but 'src0' is [4 x 8]: they must have the same shape (partitions x elements per partition){{$}}
# CHECK-NEXT: {{^}}dve.tensor_tensor c, a, b, add{{$}}
# CHECK-NEXT: {{^}}                  ^{{$}}
dve.tensor_tensor c, a, b, add
# Same shape, other free dimensions: fine.
dve.tensor_tensor d, a, b, add
pool.tensor_tensor a, b, b, multiply
dve.tensor_tensor a, p, b, add
# CHECK-NEXT: {{^.*/}}verify-shape-elementwise.s:[[@LINE+3]]:25: error: 'src0' and 'src1' of 'tensor_tensor' may not both be in PSUM{{$}}
# CHECK-NEXT: {{^}}dve.tensor_tensor a, p, q, add{{$}}
# CHECK-NEXT: {{^}}                        ^{{$}}
dve.tensor_tensor a, p, q, add
# CHECK-NEXT: {{^.*/}}verify-shape-elementwise.s:[[@LINE+3]]:52: error: 'src0' and 'src1' of 'scalar_tensor_tensor' may not both be in PSUM{{$}}
# CHECK-NEXT: {{^}}dve.scalar_tensor_tensor a, p, add, 1.0, multiply, q{{$}}
# CHECK-NEXT: {{^}}                                                   ^{{$}}
dve.scalar_tensor_tensor a, p, add, 1.0, multiply, q
# CHECK-NEXT: {{^.*/}}verify-shape-elementwise.s:[[@LINE+3]]:52: error: operand 'src1' of 'scalar_tensor_tensor' is [8 x 8] but 'src0' is [4 x 8]: they must have the same shape (partitions x elements per partition){{$}}
# CHECK-NEXT: {{^}}dve.scalar_tensor_tensor a, b, add, 1.0, multiply, c{{$}}
# CHECK-NEXT: {{^}}                                                   ^{{$}}
dve.scalar_tensor_tensor a, b, add, 1.0, multiply, c
# CHECK-NEXT: {{^.*/}}verify-shape-elementwise.s:[[@LINE+3]]:30: error: 'src0' and 'src1' of 'tensor_tensor_scan' may not both be in PSUM{{$}}
# CHECK-NEXT: {{^}}dve.tensor_tensor_scan a, p, q, add, multiply{{$}}
# CHECK-NEXT: {{^}}                             ^{{$}}
dve.tensor_tensor_scan a, p, q, add, multiply
# CHECK-NEXT: {{^.*/}}verify-shape-elementwise.s:[[@LINE+3]]:30: error: operand 'src1' of 'tensor_tensor_scan' is [4 x 7] but 'src0' is [4 x 8]: they must have the same shape (partitions x elements per partition){{$}}
# CHECK-NEXT: {{^}}dve.tensor_tensor_scan a, a, b[:, 0:7], add, multiply{{$}}
# CHECK-NEXT: {{^}}                             ^~~~~~~~~{{$}}
dve.tensor_tensor_scan a, a, b[:, 0:7], add, multiply
# CHECK-NEXT: {{^.*/}}verify-shape-elementwise.s:[[@LINE+3]]:17: error: operand 'dst' of 'tensor_copy' is [8 x 8] but 'src' is [4 x 8]: they must have the same shape (partitions x elements per partition){{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy c, a{{$}}
# CHECK-NEXT: {{^}}                ^{{$}}
dve.tensor_copy c, a
act.tensor_copy a, b
# CHECK-NEXT: {{^.*/}}verify-shape-elementwise.s:[[@LINE+3]]:16: error: operand 'dst' of 'reciprocal' is [4 x 2] but 'src' is [4 x 8]: they must have the same shape (partitions x elements per partition){{$}}
# CHECK-NEXT: {{^}}dve.reciprocal a[:, 0:2], b{{$}}
# CHECK-NEXT: {{^}}               ^~~~~~~~~{{$}}
dve.reciprocal a[:, 0:2], b
# CHECK-NEXT: {{^}}9 errors generated.{{$}}
# CHECK-NOT:  {{.}}
