# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# matmul_mx on a row tile replaces the weights of its tile's cells only: a
# stationary loaded on other rows stays (verify-matmul-stationary-tile.s
# for the tiles, verify-mx-stationary.s for the whole array).
.chip trn3
.sbuf a : fp8_e4m3fn_x4[32, 16]
.sbuf s : uint8[4, 16]
.sbuf w : bf16[64, 16]
.sbuf v : bf16[64, 64]
.psum p : fp32[16, 64]
.psum pm : fp32[16, 16]
pe.load_stationary w, tile_row=0, tile_rows=64
pe.load_stationary w, tile_row=64, tile_rows=64
pe.matmul_mx pm, a, a, s, s, tile_row=0, tile_rows=32
# Rows 64-127 keep their stationary.
pe.multiply_moving p, v, tile_row=64, tile_rows=64
# CHECK:      {{^.*/}}verify-mx-stationary-tile.s:[[@LINE+6]]:1: error: no stationary is loaded at the tile of rows 0-63, columns 0-127: load_stationary or matmul with the same tile first{{$}}
# CHECK-NEXT: {{^}}pe.multiply_moving p, v, tile_row=0, tile_rows=64{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}verify-mx-stationary-tile.s:[[@LINE-6]]:1: note: matmul_mx replaced the array's weights here; it leaves no stationary loaded{{$}}
# CHECK-NEXT: {{^}}pe.matmul_mx pm, a, a, s, s, tile_row=0, tile_rows=32{{$}}
# CHECK-NEXT: {{^}}^{{$}}
pe.multiply_moving p, v, tile_row=0, tile_rows=64
# CHECK-NEXT: {{^}}1 error generated.{{$}}
# CHECK-NOT:  {{.}}
