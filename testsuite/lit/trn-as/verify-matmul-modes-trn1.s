# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# trn1 (NeuronCore-v2) has neither perf=double_row (A2: NeuronCore-v3 and
# later) nor 32-sized tiles (ISA: "2x 64 row tiles (NeuronCore-v2 or newer),
# or 4x 32 row tiles (NeuronCore-v3 or newer)"); its 64-sized tiles are fine.
.chip trn1

.sbuf w8 : fp8_e4m3[128, 2, 128]
.sbuf v8 : fp8_e4m3[128, 2, 512]
.sbuf w : bf16[128, 128]
.sbuf v : bf16[128, 512]
.psum p : fp32[128, 512]
pe.matmul p, w[0:64], v[0:64], tile_row=64, tile_rows=64
pe.matmul p[0:64], w[:, 0:64], v, tile_col=64, tile_cols=64
# CHECK:      {{^.*/}}verify-matmul-modes-trn1.s:[[@LINE+3]]:22: error: perf=double_row needs trn2 or later; the chip is trn1{{$}}
# CHECK-NEXT: {{^}}pe.matmul p, w8, v8, perf=double_row{{$}}
# CHECK-NEXT: {{^}}                     ^~~~~~~~~~~~~~~{{$}}
pe.matmul p, w8, v8, perf=double_row
# CHECK-NEXT: {{^.*/}}verify-matmul-modes-trn1.s:[[@LINE+3]]:32: error: tile_rows=32 needs trn2 or later: the tiles of trn1 are 64 or 128 PE rows{{$}}
# CHECK-NEXT: {{^}}pe.matmul p, w[0:32], v[0:32], tile_rows=32{{$}}
# CHECK-NEXT: {{^}}                               ^~~~~~~~~~~~{{$}}
pe.matmul p, w[0:32], v[0:32], tile_rows=32
# CHECK-NEXT: {{^.*/}}verify-matmul-modes-trn1.s:[[@LINE+3]]:32: error: tile_cols=32 needs trn2 or later: the tiles of trn1 are 64 or 128 PE columns{{$}}
# CHECK-NEXT: {{^}}pe.load_stationary w[:, 0:32], tile_cols=32{{$}}
# CHECK-NEXT: {{^}}                               ^~~~~~~~~~~~{{$}}
pe.load_stationary w[:, 0:32], tile_cols=32
# CHECK-NEXT: {{^}}3 errors generated.{{$}}
# CHECK-NOT:  {{.}}
