# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# matmul_mx: dst[M, N] = stationary[K, M]^T . moving[K, N] over the 4K rows
# of packed x4 data. K a multiple of 32 (<= 128, <= tile_rows), the same for
# both; M even; N <= 512 with an fp32 dst; dst [M, N]; the scales [4, F]
# for K = 32 and [K, F] otherwise, from the data's first partition; row
# tiles of 32, 64 or 128 rows starting at a multiple of their size.
.chip trn3
.sbuf a : fp8_e4m3fn_x4[128, 64]
.sbuf b : fp4_e2m1_x4[128, 512]
.sbuf sa : uint8[128, 64]
.sbuf sb : uint8[128, 512]
.psum p : fp32[64, 512]
.psum pb : bf16[64, 1024]
.sbuf b2 : fp8_e5m2_x4[128, 1024]
.sbuf sb2 : fp8_e8m0[128, 1024]
# Accepted: MXFP8 x MXFP4; a bf16 dst of N = 1024; K = 32 with [4, F]
# scales on the last row tile.
pe.matmul_mx p, a, b, sa, sb
pe.matmul_mx pb, a, b2, sa, sb2, acc=accumulate, tile_row=0, tile_rows=128
pe.matmul_mx p[0:64, 0:64], a[32:64], a[32:64], sa[32:36], sa[32:36], tile_row=96, tile_rows=32
# K = 48 partitions: not whole quadrants
# CHECK:      {{^.*/}}verify-mx-matmul.s:[[@LINE+3]]:17: error: operand 'stationary' of 'matmul_mx' has 48 partitions: MX data spans whole 32-partition quadrants (32, 64, 96 or 128 partitions; a scale covers 8 partitions x 4 values){{$}}
# CHECK-NEXT: {{^}}pe.matmul_mx p, a[0:48], b[0:48], sa[0:48], sb[0:48]{{$}}
# CHECK-NEXT: {{^}}                ^~~~~~~{{$}}
pe.matmul_mx p, a[0:48], b[0:48], sa[0:48], sb[0:48]
# the moving's K differs
# CHECK-NEXT: {{^.*/}}verify-mx-matmul.s:[[@LINE+3]]:20: error: 'moving' has 64 partitions but 'stationary' has K = 128: the contraction runs over partitions (and the 4 values of each element){{$}}
# CHECK-NEXT: {{^}}pe.matmul_mx p, a, b[0:64], sa, sb[0:64]{{$}}
# CHECK-NEXT: {{^}}                   ^~~~~~~{{$}}
pe.matmul_mx p, a, b[0:64], sa, sb[0:64]
# an odd M
# CHECK-NEXT: {{^.*/}}verify-mx-matmul.s:[[@LINE+3]]:23: error: operand 'stationary' of 'matmul_mx' has 63 elements per partition (M): matmul_mx needs an even M{{$}}
# CHECK-NEXT: {{^}}pe.matmul_mx p[0:63], a[:, 0:63], b, sa[:, 0:63], sb{{$}}
# CHECK-NEXT: {{^}}                      ^~~~~~~~~~{{$}}
pe.matmul_mx p[0:63], a[:, 0:63], b, sa[:, 0:63], sb
# N = 1024 with an fp32 dst
# CHECK-NEXT: {{^.*/}}verify-mx-matmul.s:[[@LINE+3]]:30: error: operand 'moving' of 'matmul_mx' has N = 1024 elements per partition: at most 512 with an fp32 'dst' (1024 with bf16){{$}}
# CHECK-NEXT: {{^}}pe.matmul_mx p[:, 0:512], a, b2[:, 0:1024], sa, sb2{{$}}
# CHECK-NEXT: {{^}}                             ^~~~~~~~~~~~~{{$}}
pe.matmul_mx p[:, 0:512], a, b2[:, 0:1024], sa, sb2
# dst is not [M, N]
# CHECK-NEXT: {{^.*/}}verify-mx-matmul.s:[[@LINE+3]]:14: error: operand 'dst' of 'matmul_mx' is [32 x 512] but must be [64 x 512]: the result is [stationary M x moving N] = [64 x 512]{{$}}
# CHECK-NEXT: {{^}}pe.matmul_mx p[0:32], a, b, sa, sb{{$}}
# CHECK-NEXT: {{^}}             ^~~~~~~{{$}}
pe.matmul_mx p[0:32], a, b, sa, sb
# scales: [4, F] for K = 128
# CHECK-NEXT: {{^.*/}}verify-mx-matmul.s:[[@LINE+3]]:23: error: operand 'stationary_scale' of 'matmul_mx' is [4 x 64] but must be [128 x 64]: one scale per 8 partitions x 4 values of 'stationary' [128 x 64], in the first 4 rows of each of its 32-partition quadrants: [P, F] for more than 32{{$}}
# CHECK-NEXT: {{^}}pe.matmul_mx p, a, b, sa[0:4], sb{{$}}
# CHECK-NEXT: {{^}}                      ^~~~~~~{{$}}
pe.matmul_mx p, a, b, sa[0:4], sb
# scales: a column per data column
# CHECK-NEXT: {{^.*/}}verify-mx-matmul.s:[[@LINE+3]]:23: error: operand 'stationary_scale' of 'matmul_mx' is [128 x 32] but must be [128 x 64]: one scale per 8 partitions x 4 values of 'stationary' [128 x 64], in the first 4 rows of each of its 32-partition quadrants: [P, F] for more than 32{{$}}
# CHECK-NEXT: {{^}}pe.matmul_mx p, a, b, sa[:, 0:32], sb{{$}}
# CHECK-NEXT: {{^}}                      ^~~~~~~~~~~{{$}}
pe.matmul_mx p, a, b, sa[:, 0:32], sb
# K = 32 takes [4, F] scales
# CHECK-NEXT: {{^.*/}}verify-mx-matmul.s:[[@LINE+3]]:35: error: operand 'stationary_scale' of 'matmul_mx' is [32 x 64] but must be [4 x 64]: one scale per 8 partitions x 4 values of 'stationary' [32 x 64], [4, F] for 32 partitions{{$}}
# CHECK-NEXT: {{^}}pe.matmul_mx p, a[0:32], b[0:32], sa[0:32], sb[0:4]{{$}}
# CHECK-NEXT: {{^}}                                  ^~~~~~~~{{$}}
pe.matmul_mx p, a[0:32], b[0:32], sa[0:32], sb[0:4]
# scales in another quadrant than the data
# CHECK-NEXT: {{^.*/}}verify-mx-matmul.s:[[@LINE+3]]:37: error: operand 'stationary_scale' of 'matmul_mx' starts at partition 0, but 'stationary' at 32: the scales of each quadrant lie in its first 4 partitions, from the data's first partition{{$}}
# CHECK-NEXT: {{^}}pe.matmul_mx p, a[32:64], b[32:64], sa[0:4], sb[32:36]{{$}}
# CHECK-NEXT: {{^}}                                    ^~~~~~~{{$}}
pe.matmul_mx p, a[32:64], b[32:64], sa[0:4], sb[32:36]
# tile sizes
# CHECK-NEXT: {{^.*/}}verify-mx-matmul.s:[[@LINE+3]]:31: error: tile_rows=48: a TensorE tile is 32, 64 or 128 PE rows{{$}}
# CHECK-NEXT: {{^}}pe.matmul_mx p, a, b, sa, sb, tile_rows=48{{$}}
# CHECK-NEXT: {{^}}                              ^~~~~~~~~~~~{{$}}
pe.matmul_mx p, a, b, sa, sb, tile_rows=48
# CHECK-NEXT: {{^.*/}}verify-mx-matmul.s:[[@LINE+3]]:55: error: tile_row=32 is not a multiple of tile_rows=64: a tile starts at a multiple of its size{{$}}
# CHECK-NEXT: {{^}}pe.matmul_mx p, a[0:64], b[0:64], sa[0:64], sb[0:64], tile_row=32, tile_rows=64{{$}}
# CHECK-NEXT: {{^}}                                                      ^~~~~~~~~~~{{$}}
pe.matmul_mx p, a[0:64], b[0:64], sa[0:64], sb[0:64], tile_row=32, tile_rows=64
# CHECK-NEXT: {{^.*/}}verify-mx-matmul.s:[[@LINE+3]]:17: error: 'stationary' has K = 128 partitions, more than the tile's 64 rows (tile_rows=64){{$}}
# CHECK-NEXT: {{^}}pe.matmul_mx p, a, b, sa, sb, tile_row=0, tile_rows=64{{$}}
# CHECK-NEXT: {{^}}                ^{{$}}
pe.matmul_mx p, a, b, sa, sb, tile_row=0, tile_rows=64
# CHECK-NEXT: {{^}}12 errors generated.{{$}}
# CHECK-NOT:  {{.}}
