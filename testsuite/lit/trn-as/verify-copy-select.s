# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# tensor_copy_predicated copies bit-exactly, so src and dst share a dtype;
# its predicate, like select's, has the shape of the data.

.sbuf x : fp32[4, 8]
.sbuf y : fp32[4, 8]
.sbuf h : bf16[4, 8]
.sbuf m : uint8[4, 8]
dve.tensor_copy_predicated y, x, m
# CHECK:      {{^.*/}}verify-copy-select.s:[[@LINE+3]]:31: error: operand 'src' of 'tensor_copy_predicated' is fp32 but 'dst' is bf16: the copy is bit-exact, so they share a dtype{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy_predicated h, x, m{{$}}
# CHECK-NEXT: {{^}}                              ^{{$}}
dve.tensor_copy_predicated h, x, m
# CHECK-NEXT: {{^.*/}}verify-copy-select.s:[[@LINE+3]]:31: error: operand 'src' of 'tensor_copy_predicated' is [4 x 4] but 'dst' is [4 x 8]: they must have the same shape (partitions x elements per partition){{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy_predicated y, x[:, 0:4], m{{$}}
# CHECK-NEXT: {{^}}                              ^~~~~~~~~{{$}}
dve.tensor_copy_predicated y, x[:, 0:4], m
# CHECK-NEXT: {{^.*/}}verify-copy-select.s:[[@LINE+3]]:34: error: operand 'predicate' of 'tensor_copy_predicated' is [2 x 8] but 'dst' is [4 x 8]: they must have the same shape (partitions x elements per partition){{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy_predicated y, x, m[0:2]{{$}}
# CHECK-NEXT: {{^}}                                 ^~~~~~{{$}}
dve.tensor_copy_predicated y, x, m[0:2]
dve.select h, m, x, y
# CHECK-NEXT: {{^.*/}}verify-copy-select.s:[[@LINE+3]]:21: error: operand 'on_false' of 'select' is [4 x 4] but 'on_true' is [4 x 8]: they must have the same shape (partitions x elements per partition){{$}}
# CHECK-NEXT: {{^}}dve.select y, m, x, y[:, 0:4]{{$}}
# CHECK-NEXT: {{^}}                    ^~~~~~~~~{{$}}
dve.select y, m, x, y[:, 0:4]
# CHECK-NEXT: {{^.*/}}verify-copy-select.s:[[@LINE+3]]:15: error: operand 'predicate' of 'select' is [4 x 4] but 'on_true' is [4 x 8]: they must have the same shape (partitions x elements per partition){{$}}
# CHECK-NEXT: {{^}}dve.select y, m[:, 0:4], x, y{{$}}
# CHECK-NEXT: {{^}}              ^~~~~~~~~{{$}}
dve.select y, m[:, 0:4], x, y
# CHECK-NEXT: {{^.*/}}verify-copy-select.s:[[@LINE+3]]:12: error: operand 'dst' of 'select' is [2 x 8] but 'on_true' is [4 x 8]: they must have the same shape (partitions x elements per partition){{$}}
# CHECK-NEXT: {{^}}dve.select y[0:2], m, x, y{{$}}
# CHECK-NEXT: {{^}}           ^~~~~~{{$}}
dve.select y[0:2], m, x, y
# CHECK-NEXT: {{^}}6 errors generated.{{$}}
# CHECK-NOT:  {{.}}
