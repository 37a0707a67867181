# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Results whose shape follows from the inputs': tensor_reduce keeps src's
# partitions and the elements its outer free dimensions hold (axes counts
# src's free dimensions); partition_reduce gives one partition;
# partition_broadcast takes one; bn_stats gives 6 statistics per partition,
# bn_aggr takes triples and gives 2; max8 and find_index8 need 8 elements
# and give 8; activation's accum and range_select's reduce give one value
# per partition.
.chip trn2

.sbuf x : fp32[4, 8]
.sbuf c : fp32[4, 2, 4]
.sbuf r : fp32[4, 1]
.sbuf r2 : fp32[4, 2]
.sbuf row : fp32[1, 8]
.sbuf st : fp32[4, 6]
.sbuf mv : fp32[4, 2]
.sbuf top : fp32[4, 8]
.sbuf idx : uint32[4, 8]
# Fine: [4, 2, 4] reduced over its inner dimension leaves [4 x 2].
dve.tensor_reduce r2, c, add
dve.tensor_reduce r, c, add, axes=2
# CHECK:      {{^.*/}}verify-shape-results.s:[[@LINE+3]]:19: error: operand 'dst' of 'tensor_reduce' is [4 x 2] but must be [4 x 1]: 'src' [4 x 8] keeps its partitions and 1 element in each once its 2 innermost free dimensions are reduced{{$}}
# CHECK-NEXT: {{^}}dve.tensor_reduce r2, c, add, axes=2{{$}}
# CHECK-NEXT: {{^}}                  ^~{{$}}
dve.tensor_reduce r2, c, add, axes=2
# CHECK-NEXT: {{^.*/}}verify-shape-results.s:[[@LINE+3]]:30: error: axes=2 but 'src' has 1 free dimension{{$}}
# CHECK-NEXT: {{^}}dve.tensor_reduce r, x, add, axes=2{{$}}
# CHECK-NEXT: {{^}}                             ^~~~~~{{$}}
dve.tensor_reduce r, x, add, axes=2
# CHECK-NEXT: {{^.*/}}verify-shape-results.s:[[@LINE+3]]:23: error: operand 'dst' of 'partition_reduce' is [1 x 4] but must be [1 x 8]: one partition of as many elements as each partition of 'src'{{$}}
# CHECK-NEXT: {{^}}pool.partition_reduce row[:, 0:4], x, add{{$}}
# CHECK-NEXT: {{^}}                      ^~~~~~~~~~~{{$}}
pool.partition_reduce row[:, 0:4], x, add
# CHECK-NEXT: {{^.*/}}verify-shape-results.s:[[@LINE+3]]:29: error: operand 'src' of 'partition_broadcast' is [4 x 1] but must be [1 x 8]: one partition of as many elements as each partition of 'dst'{{$}}
# CHECK-NEXT: {{^}}pool.partition_broadcast x, r{{$}}
# CHECK-NEXT: {{^}}                            ^{{$}}
pool.partition_broadcast x, r
# CHECK-NEXT: {{^.*/}}verify-shape-results.s:[[@LINE+3]]:14: error: operand 'dst' of 'bn_stats' is [4 x 4] but must be [4 x 6]: (count, mean, M2) of the even and the odd elements of each partition of 'src'{{$}}
# CHECK-NEXT: {{^}}dve.bn_stats st[:, 0:4], x{{$}}
# CHECK-NEXT: {{^}}             ^~~~~~~~~~{{$}}
dve.bn_stats st[:, 0:4], x
# CHECK-NEXT: {{^.*/}}verify-shape-results.s:[[@LINE+3]]:17: error: operand 'src' of 'bn_aggr' has 8 elements per partition: bn_aggr takes (count, mean, M2) triples{{$}}
# CHECK-NEXT: {{^}}dve.bn_aggr mv, x{{$}}
# CHECK-NEXT: {{^}}                ^{{$}}
dve.bn_aggr mv, x
# CHECK-NEXT: {{^.*/}}verify-shape-results.s:[[@LINE+3]]:13: error: operand 'dst' of 'bn_aggr' is [2 x 2] but must be [4 x 2]: (mean, variance) per partition of 'src'{{$}}
# CHECK-NEXT: {{^}}dve.bn_aggr mv[0:2], st{{$}}
# CHECK-NEXT: {{^}}            ^~~~~~~{{$}}
dve.bn_aggr mv[0:2], st
# CHECK-NEXT: {{^.*/}}verify-shape-results.s:[[@LINE+3]]:15: error: operand 'src' of 'max8' has 4 elements per partition; 'max8' needs at least 8{{$}}
# CHECK-NEXT: {{^}}dve.max8 top, x[:, 0:4]{{$}}
# CHECK-NEXT: {{^}}              ^~~~~~~~~{{$}}
dve.max8 top, x[:, 0:4]
# CHECK-NEXT: {{^.*/}}verify-shape-results.s:[[@LINE+3]]:10: error: operand 'dst' of 'max8' is [4 x 2] but must be [4 x 8]: the 8 largest of each partition of 'src'{{$}}
# CHECK-NEXT: {{^}}dve.max8 top[:, 0:2], x{{$}}
# CHECK-NEXT: {{^}}         ^~~~~~~~~~~{{$}}
dve.max8 top[:, 0:2], x
# CHECK-NEXT: {{^.*/}}verify-shape-results.s:[[@LINE+3]]:25: error: operand 'values' of 'find_index8' is [4 x 4] but must be [4 x 8]: 8 values for each partition of 'src'{{$}}
# CHECK-NEXT: {{^}}dve.find_index8 idx, x, top[:, 0:4]{{$}}
# CHECK-NEXT: {{^}}                        ^~~~~~~~~~~{{$}}
dve.find_index8 idx, x, top[:, 0:4]
# CHECK-NEXT: {{^.*/}}verify-shape-results.s:[[@LINE+3]]:17: error: operand 'dst' of 'find_index8' is [2 x 8] but must be [4 x 8]: an index for each of the 8 values of each partition{{$}}
# CHECK-NEXT: {{^}}dve.find_index8 idx[0:2], x, top{{$}}
# CHECK-NEXT: {{^}}                ^~~~~~~~{{$}}
dve.find_index8 idx[0:2], x, top
# CHECK-NEXT: {{^.*/}}verify-shape-results.s:[[@LINE+3]]:27: error: operand 'accum' of 'activation' is [2 x 1] but must be [4 x 1]: one sum per partition of 'src'{{$}}
# CHECK-NEXT: {{^}}act.activation x, x, exp, accum=r[0:2]{{$}}
# CHECK-NEXT: {{^}}                          ^~~~~~~~~~~~{{$}}
act.activation x, x, exp, accum=r[0:2]
# CHECK-NEXT: {{^.*/}}verify-shape-results.s:[[@LINE+3]]:16: error: operand 'dst' of 'activation' is [4 x 8] but 'src' is [4 x 4]: they must have the same shape (partitions x elements per partition){{$}}
# CHECK-NEXT: {{^}}act.activation x, x[:, 0:4], exp{{$}}
# CHECK-NEXT: {{^}}               ^{{$}}
act.activation x, x[:, 0:4], exp
dve.range_select x, x, greater, 0.0, less, 8.0, reduce=r2[:, 0:1]
# CHECK-NEXT: {{^.*/}}verify-shape-results.s:[[@LINE+3]]:49: error: operand 'reduce' of 'range_select' is [1 x 1] but must be [4 x 1]: one maximum per partition of 'src'{{$}}
# CHECK-NEXT: {{^}}dve.range_select x, x, greater, 0.0, less, 8.0, reduce=mv[0:1, 0:1]{{$}}
# CHECK-NEXT: {{^}}                                                ^~~~~~~~~~~~~~~~~~~{{$}}
dve.range_select x, x, greater, 0.0, less, 8.0, reduce=mv[0:1, 0:1]
# CHECK-NEXT: {{^}}14 errors generated.{{$}}
# CHECK-NOT:  {{.}}
