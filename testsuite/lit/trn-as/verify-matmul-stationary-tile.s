# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# With tiles, the array holds a stationary per tile: a load (load_stationary
# or matmul) puts its stationary at its tile and replaces every one whose
# tile it overlaps; pe.transpose and a load without tile operands use the
# whole array. multiply_moving uses the stationary loaded at exactly its own
# tile (same rows and columns). The verifier follows the PE stream as for the
# whole array (verify-matmul-stationary.s): where it shows the tile's
# stationary it checks against it, where it shows none was loaded there it
# is an error, and at a branch target every tile is unknown until loaded.
.chip trn2

.sbuf w : bf16[128, 128]
.sbuf v : bf16[128, 512]
.psum p : fp32[128, 512]
pe.load_stationary w[0:64], tile_rows=64
pe.load_stationary w[0:64, 0:64], tile_row=64, tile_rows=64, tile_col=64, tile_cols=64
# Both are held: rows 0-63 (all columns) and rows 64-127, columns 64-127.
pe.multiply_moving p, v[0:64], tile_rows=64
pe.multiply_moving p[0:64], v[0:64], tile_row=64, tile_rows=64, tile_col=64, tile_cols=64
# CHECK:      {{^.*/}}verify-matmul-stationary-tile.s:[[@LINE+3]]:1: error: no stationary is loaded at the tile of rows 64-127, columns 0-127: load_stationary or matmul with the same tile first{{$}}
# CHECK-NEXT: {{^}}pe.multiply_moving p, v[0:64], tile_row=64, tile_rows=64{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~~~~~~{{$}}
pe.multiply_moving p, v[0:64], tile_row=64, tile_rows=64
# The same cells in another tile shape are not the same tile.
# CHECK-NEXT: {{^.*/}}verify-matmul-stationary-tile.s:[[@LINE+3]]:1: error: no stationary is loaded at the tile of rows 0-31, columns 0-127: load_stationary or matmul with the same tile first{{$}}
# CHECK-NEXT: {{^}}pe.multiply_moving p, v[0:32], tile_rows=32{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~~~~~~{{$}}
pe.multiply_moving p, v[0:32], tile_rows=32
# Against the tile's own stationary, with a note at its load.
# CHECK-NEXT: {{^.*/}}verify-matmul-stationary-tile.s:[[@LINE+6]]:20: error: the result is [64 x 512] (stationary M x moving N), but 'dst' is [128 x 512]{{$}}
# CHECK-NEXT: {{^}}pe.multiply_moving p, v[0:64], tile_row=64, tile_rows=64, tile_col=64, tile_cols=64{{$}}
# CHECK-NEXT: {{^}}                   ^{{$}}
# CHECK-NEXT: {{^.*/}}verify-matmul-stationary-tile.s:[[@LINE-17]]:1: note: the stationary [64 x 64] bf16 was loaded here{{$}}
# CHECK-NEXT: {{^}}pe.load_stationary w[0:64, 0:64], tile_row=64, tile_rows=64, tile_col=64, tile_cols=64{{$}}
# CHECK-NEXT: {{^}}^{{$}}
pe.multiply_moving p, v[0:64], tile_row=64, tile_rows=64, tile_col=64, tile_cols=64
# A load into rows 0-31 replaces the stationary of rows 0-63 (it overlaps),
# and leaves the other.
pe.matmul p, w[0:32], v[0:32], tile_rows=32
pe.multiply_moving p, v[0:32], tile_rows=32, acc=accumulate
pe.multiply_moving p[0:64], v[0:64], tile_row=64, tile_rows=64, tile_col=64, tile_cols=64
# CHECK-NEXT: {{^.*/}}verify-matmul-stationary-tile.s:[[@LINE+3]]:1: error: no stationary is loaded at the tile of rows 0-63, columns 0-127: load_stationary or matmul with the same tile first{{$}}
# CHECK-NEXT: {{^}}pe.multiply_moving p, v[0:64], tile_rows=64{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~~~~~~{{$}}
pe.multiply_moving p, v[0:64], tile_rows=64
# A whole-array load replaces every tile's stationary.
pe.load_stationary w
pe.multiply_moving p, v
# CHECK-NEXT: {{^.*/}}verify-matmul-stationary-tile.s:[[@LINE+3]]:1: error: no stationary is loaded at the tile of rows 0-31, columns 0-127: load_stationary or matmul with the same tile first{{$}}
# CHECK-NEXT: {{^}}pe.multiply_moving p, v[0:32], tile_rows=32{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~~~~~~{{$}}
pe.multiply_moving p, v[0:32], tile_rows=32
# A tile load replaces the whole-array stationary.
pe.load_stationary w[0:32], tile_rows=32
# CHECK-NEXT: {{^.*/}}verify-matmul-stationary-tile.s:[[@LINE+3]]:1: error: no stationary is loaded: load_stationary or matmul first{{$}}
# CHECK-NEXT: {{^}}pe.multiply_moving p, v{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~~~~~~{{$}}
pe.multiply_moving p, v
pe.jmp after
after:
# A branch target: nothing is known of any tile (left to run time) until a
# load shows one.
pe.multiply_moving p, v[0:32], tile_row=32, tile_rows=32
pe.load_stationary w[0:32, 0:32], tile_rows=32, tile_cols=32
pe.multiply_moving p, v[0:64], tile_row=64, tile_rows=64
# CHECK-NEXT: {{^.*/}}verify-matmul-stationary-tile.s:[[@LINE+6]]:29: error: 'moving' has 16 partitions but the stationary has K = 32: the contraction runs over partitions{{$}}
# CHECK-NEXT: {{^}}pe.multiply_moving p[0:32], v[0:16], tile_rows=32, tile_cols=32{{$}}
# CHECK-NEXT: {{^}}                            ^~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}verify-matmul-stationary-tile.s:[[@LINE-5]]:1: note: the stationary [32 x 32] bf16 was loaded here{{$}}
# CHECK-NEXT: {{^}}pe.load_stationary w[0:32, 0:32], tile_rows=32, tile_cols=32{{$}}
# CHECK-NEXT: {{^}}^{{$}}
pe.multiply_moving p[0:32], v[0:16], tile_rows=32, tile_cols=32
# CHECK-NEXT: {{^}}7 errors generated.{{$}}
# CHECK-NOT:  {{.}}
