# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# quantize_mx: src [P, F] with P a multiple of 32 and F of 4; dst [P, F/4]
# (four values to a packed element); dst_scale [4, F/4] for P = 32, else
# [P, F/4], from dst's first partition.
.chip trn3
.sbuf x : bf16[128, 256]
.sbuf h : fp16[128, 256]
.sbuf q : fp8_e4m3fn_x4[128, 64]
.sbuf q5 : fp8_e5m2_x4[128, 64]
.sbuf qs : uint8[128, 64]
.sbuf qe : fp8_e8m0[128, 64]
# Accepted: bf16 and fp16, both fp8 types, uint8 and fp8_e8m0 scales, one
# quadrant at partition 96.
dve.quantize_mx q, x, qs
dve.quantize_mx q5, h, qe
dve.quantize_mx q[96:128], x[96:128], qs[96:100]
# 16 partitions: not whole quadrants
# CHECK:      {{^.*/}}verify-mx-quantize.s:[[@LINE+3]]:26: error: operand 'src' of 'quantize_mx' has 16 partitions: MX data spans whole 32-partition quadrants (32, 64, 96 or 128 partitions; a scale covers 8 partitions x 4 values){{$}}
# CHECK-NEXT: {{^}}dve.quantize_mx q[0:16], x[0:16], qs[0:4]{{$}}
# CHECK-NEXT: {{^}}                         ^~~~~~~{{$}}
dve.quantize_mx q[0:16], x[0:16], qs[0:4]
# F = 6: not a multiple of 4
# CHECK-NEXT: {{^.*/}}verify-mx-quantize.s:[[@LINE+3]]:65: error: operand 'src' of 'quantize_mx' has 6 elements per partition: quantize_mx needs a multiple of 4 (four values make one packed element){{$}}
# CHECK-NEXT: {{^}}dve.quantize_mx ap(sbuf fp8_e4m3fn_x4, 0:128, addr(q), [1, 1]), ap(sbuf bf16, 0:128, addr(x), [1, 6]), qs[:, 0:1]{{$}}
# CHECK-NEXT: {{^}}                                                                ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
dve.quantize_mx ap(sbuf fp8_e4m3fn_x4, 0:128, addr(q), [1, 1]), ap(sbuf bf16, 0:128, addr(x), [1, 6]), qs[:, 0:1]
# wrong packing: dst must hold F / 4 = 64 elements per partition
# CHECK-NEXT: {{^.*/}}verify-mx-quantize.s:[[@LINE+3]]:17: error: operand 'dst' of 'quantize_mx' is [128 x 32] but must be [128 x 64]: 'src' is [128 x 256] and each packed x4 element holds 4 of its values{{$}}
# CHECK-NEXT: {{^}}dve.quantize_mx q[:, 0:32], x, qs[:, 0:32]{{$}}
# CHECK-NEXT: {{^}}                ^~~~~~~~~~{{$}}
dve.quantize_mx q[:, 0:32], x, qs[:, 0:32]
# CHECK-NEXT: {{^.*/}}verify-mx-quantize.s:[[@LINE+3]]:17: error: operand 'dst' of 'quantize_mx' is [128 x 256] but must be [128 x 64]: 'src' is [128 x 256] and each packed x4 element holds 4 of its values{{$}}
# CHECK-NEXT: {{^}}dve.quantize_mx ap(sbuf fp8_e4m3fn_x4, 0:128, addr(q), [1, 256]), x, qs{{$}}
# CHECK-NEXT: {{^}}                ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
dve.quantize_mx ap(sbuf fp8_e4m3fn_x4, 0:128, addr(q), [1, 256]), x, qs
# scales of the wrong shape
# CHECK-NEXT: {{^.*/}}verify-mx-quantize.s:[[@LINE+3]]:23: error: operand 'dst_scale' of 'quantize_mx' is [4 x 64] but must be [128 x 64]: one scale per 8 partitions x 4 values of 'dst' [128 x 64], in the first 4 rows of each of its 32-partition quadrants: [P, F] for more than 32{{$}}
# CHECK-NEXT: {{^}}dve.quantize_mx q, x, qs[0:4]{{$}}
# CHECK-NEXT: {{^}}                      ^~~~~~~{{$}}
dve.quantize_mx q, x, qs[0:4]
# CHECK-NEXT: {{^.*/}}verify-mx-quantize.s:[[@LINE+3]]:35: error: operand 'dst_scale' of 'quantize_mx' is [32 x 64] but must be [4 x 64]: one scale per 8 partitions x 4 values of 'dst' [32 x 64], [4, F] for 32 partitions{{$}}
# CHECK-NEXT: {{^}}dve.quantize_mx q[0:32], x[0:32], qs[0:32]{{$}}
# CHECK-NEXT: {{^}}                                  ^~~~~~~~{{$}}
dve.quantize_mx q[0:32], x[0:32], qs[0:32]
# CHECK-NEXT: {{^.*/}}verify-mx-quantize.s:[[@LINE+3]]:23: error: operand 'dst_scale' of 'quantize_mx' is [128 x 16] but must be [128 x 64]: one scale per 8 partitions x 4 values of 'dst' [128 x 64], in the first 4 rows of each of its 32-partition quadrants: [P, F] for more than 32{{$}}
# CHECK-NEXT: {{^}}dve.quantize_mx q, x, qs[:, 0:16]{{$}}
# CHECK-NEXT: {{^}}                      ^~~~~~~~~~~{{$}}
dve.quantize_mx q, x, qs[:, 0:16]
# scales in another quadrant than dst
# CHECK-NEXT: {{^.*/}}verify-mx-quantize.s:[[@LINE+3]]:37: error: operand 'dst_scale' of 'quantize_mx' starts at partition 0, but 'dst' at 32: the scales of each quadrant lie in its first 4 partitions, from the data's first partition{{$}}
# CHECK-NEXT: {{^}}dve.quantize_mx q[32:64], x[32:64], qs[0:4]{{$}}
# CHECK-NEXT: {{^}}                                    ^~~~~~~{{$}}
dve.quantize_mx q[32:64], x[32:64], qs[0:4]
# CHECK-NEXT: {{^}}8 errors generated.{{$}}
# CHECK-NOT:  {{.}}
