# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# TensorE tiling (ISA nc_matmul tile_position = (tile_row, tile_col),
# tile_size = (tile_rows, tile_cols)): a tile is 32 (trn2 and later), 64 or
# 128 PE rows by 32, 64 or 128 columns, starts at a multiple of its size,
# and holds the stationary: K <= tile_rows partitions, M <= tile_cols
# columns. The same rules on load_stationary, multiply_moving and matmul.
.chip trn2

.sbuf w : bf16[128, 128]
.sbuf v : bf16[128, 512]
.psum p : fp32[128, 512]
# The assembler's range, checked as it reads the operand (so reported
# before the rules below): a tile starts within the array.
# CHECK:      {{^.*/}}verify-matmul-tile.s:[[@LINE+3]]:41: error: 128 is out of range for operand 'tile_row' of 'matmul': 0 to 127{{$}}
# CHECK-NEXT: {{^}}pe.matmul p, w[0:32], v[0:32], tile_row=128, tile_rows=32{{$}}
# CHECK-NEXT: {{^}}                                        ^~~{{$}}
pe.matmul p, w[0:32], v[0:32], tile_row=128, tile_rows=32
# Fine: four row tiles of 32, two column tiles of 64, a 32 x 32 tile.
pe.matmul p, w[0:32], v[0:32], tile_row=0, tile_rows=32
pe.matmul p, w[32:64], v[32:64], tile_row=32, tile_rows=32, acc=accumulate
pe.matmul p[0:64], w[:, 0:64], v, tile_col=0, tile_cols=64
pe.matmul p[64:128], w[:, 64:128], v, tile_col=64, tile_cols=64
pe.load_stationary w[0:32, 0:32], tile_row=96, tile_rows=32, tile_col=32, tile_cols=32
pe.multiply_moving p[0:32], v[0:32], tile_row=96, tile_rows=32, tile_col=32, tile_cols=32
# CHECK-NEXT: {{^.*/}}verify-matmul-tile.s:[[@LINE+3]]:32: error: tile_rows=48: a TensorE tile is 32, 64 or 128 PE rows{{$}}
# CHECK-NEXT: {{^}}pe.matmul p, w[0:32], v[0:32], tile_rows=48{{$}}
# CHECK-NEXT: {{^}}                               ^~~~~~~~~~~~{{$}}
pe.matmul p, w[0:32], v[0:32], tile_rows=48
# CHECK-NEXT: {{^.*/}}verify-matmul-tile.s:[[@LINE+3]]:32: error: tile_cols=16: a TensorE tile is 32, 64 or 128 PE columns{{$}}
# CHECK-NEXT: {{^}}pe.load_stationary w[:, 0:16], tile_cols=16{{$}}
# CHECK-NEXT: {{^}}                               ^~~~~~~~~~~~{{$}}
pe.load_stationary w[:, 0:16], tile_cols=16
# CHECK-NEXT: {{^.*/}}verify-matmul-tile.s:[[@LINE+3]]:32: error: tile_row=32 is not a multiple of tile_rows=64: a tile starts at a multiple of its size{{$}}
# CHECK-NEXT: {{^}}pe.matmul p, w[0:64], v[0:64], tile_row=32, tile_rows=64{{$}}
# CHECK-NEXT: {{^}}                               ^~~~~~~~~~~{{$}}
pe.matmul p, w[0:64], v[0:64], tile_row=32, tile_rows=64
# CHECK-NEXT: {{^.*/}}verify-matmul-tile.s:[[@LINE+3]]:35: error: tile_col=96 is not a multiple of tile_cols=64: a tile starts at a multiple of its size{{$}}
# CHECK-NEXT: {{^}}pe.matmul p[0:64], w[:, 0:64], v, tile_col=96, tile_cols=64{{$}}
# CHECK-NEXT: {{^}}                                  ^~~~~~~~~~~{{$}}
pe.matmul p[0:64], w[:, 0:64], v, tile_col=96, tile_cols=64
# CHECK-NEXT: {{^.*/}}verify-matmul-tile.s:[[@LINE+3]]:14: error: 'stationary' has K = 128 partitions, more than the tile's 64 rows (tile_rows=64){{$}}
# CHECK-NEXT: {{^}}pe.matmul p, w, v, tile_rows=64{{$}}
# CHECK-NEXT: {{^}}             ^{{$}}
pe.matmul p, w, v, tile_rows=64
# CHECK-NEXT: {{^.*/}}verify-matmul-tile.s:[[@LINE+3]]:20: error: 'stationary' has M = 128 columns, more than the tile's 32 (tile_cols=32){{$}}
# CHECK-NEXT: {{^}}pe.load_stationary w[0:32], tile_rows=32, tile_cols=32{{$}}
# CHECK-NEXT: {{^}}                   ^~~~~~~{{$}}
pe.load_stationary w[0:32], tile_rows=32, tile_cols=32
# CHECK-NEXT: {{^.*/}}verify-matmul-tile.s:[[@LINE+3]]:23: error: 'moving' has K = 64 partitions, more than the tile's 32 rows (tile_rows=32){{$}}
# CHECK-NEXT: {{^}}pe.multiply_moving p, v[0:64], tile_row=32, tile_rows=32{{$}}
# CHECK-NEXT: {{^}}                      ^~~~~~~{{$}}
pe.multiply_moving p, v[0:64], tile_row=32, tile_rows=32
# CHECK-NEXT: {{^}}8 errors generated.{{$}}
# CHECK-NOT:  {{.}}
