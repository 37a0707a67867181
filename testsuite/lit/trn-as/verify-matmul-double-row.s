# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# perf=double_row (trn2 and later; A2, ISA nc_matmul perf_mode): fp8 inputs
# only (the two may differ), K laid out [P, 2, .] (the first free dimension
# of both inputs is 2), no column tiling, no transpose mode. The stationary
# [P, 2, M] holds M <= 128 columns and the moving [P, 2, N] N <= 512: twice
# the free sizes of perf=none, whose own limits stay.
.chip trn2

.sbuf w8 : fp8_e4m3[128, 2, 128]
.sbuf v8 : fp8_e5m2[128, 2, 512]
.sbuf w4 : fp8_e4m3[128, 4, 64]
.sbuf wb : bf16[128, 2, 128]
.sbuf vb : bf16[128, 2, 512]
.psum p : fp32[128, 512]
.psum pb : bf16[128, 512]
# Fine: e4m3 against e5m2, the split form, row tiling, M and N below the limits.
pe.matmul p, w8, v8, perf=double_row
pe.load_stationary w8, perf=double_row
pe.multiply_moving p, v8, perf=double_row, acc=accumulate
pe.matmul p[0:16, 0:100], w8[0:64, :, 0:16], v8[0:64, :, 0:100], perf=double_row, tile_row=64, tile_rows=64
# CHECK:      {{^.*/}}verify-matmul-double-row.s:[[@LINE+3]]:14: error: perf=double_row takes fp8 inputs (fp8_e4m3, fp8_e5m2, fp8_e4m3fn): 'stationary' is bf16{{$}}
# CHECK-NEXT: {{^}}pe.matmul p, wb, v8, perf=double_row{{$}}
# CHECK-NEXT: {{^}}             ^~{{$}}
pe.matmul p, wb, v8, perf=double_row
# CHECK-NEXT: {{^.*/}}verify-matmul-double-row.s:[[@LINE+3]]:18: error: perf=double_row takes fp8 inputs (fp8_e4m3, fp8_e5m2, fp8_e4m3fn): 'moving' is bf16{{$}}
# CHECK-NEXT: {{^}}pe.matmul p, w8, vb, perf=double_row{{$}}
# CHECK-NEXT: {{^}}                 ^~{{$}}
pe.matmul p, w8, vb, perf=double_row
# CHECK-NEXT: {{^.*/}}verify-matmul-double-row.s:[[@LINE+3]]:20: error: perf=double_row takes fp8 inputs (fp8_e4m3, fp8_e5m2, fp8_e4m3fn): 'stationary' is bf16{{$}}
# CHECK-NEXT: {{^}}pe.load_stationary wb, perf=double_row{{$}}
# CHECK-NEXT: {{^}}                   ^~{{$}}
pe.load_stationary wb, perf=double_row
# The first free dimension is the second row of K, not 4, nor the whole row.
# CHECK-NEXT: {{^.*/}}verify-matmul-double-row.s:[[@LINE+3]]:14: error: perf=double_row lays K out as [partitions, 2, ...]: the first free dimension of 'stationary' must have 2 elements, not 4{{$}}
# CHECK-NEXT: {{^}}pe.matmul p, w4, v8, perf=double_row{{$}}
# CHECK-NEXT: {{^}}             ^~{{$}}
pe.matmul p, w4, v8, perf=double_row
# CHECK-NEXT: {{^.*/}}verify-matmul-double-row.s:[[@LINE+3]]:18: error: perf=double_row lays K out as [partitions, 2, ...]: the first free dimension of 'moving' must have 2 elements, not 512{{$}}
# CHECK-NEXT: {{^}}pe.matmul p, w8, v8[:, 0, :], perf=double_row{{$}}
# CHECK-NEXT: {{^}}                 ^~~~~~~~~~~{{$}}
pe.matmul p, w8, v8[:, 0, :], perf=double_row
# CHECK-NEXT: {{^.*/}}verify-matmul-double-row.s:[[@LINE+3]]:40: error: perf=double_row cannot be combined with column tiling (tile_cols=64){{$}}
# CHECK-NEXT: {{^}}pe.matmul p[0:64], w8[:, :, 0:64], v8, tile_cols=64, perf=double_row{{$}}
# CHECK-NEXT: {{^}}                                       ^~~~~~~~~~~~{{$}}
pe.matmul p[0:64], w8[:, :, 0:64], v8, tile_cols=64, perf=double_row
# CHECK-NEXT: {{^.*/}}verify-matmul-double-row.s:[[@LINE+3]]:63: error: perf=double_row cannot be combined with transpose=true{{$}}
# CHECK-NEXT: {{^}}pe.matmul pb[:, 0:128], w8, v8[:, :, 0:128], perf=double_row, transpose=true{{$}}
# CHECK-NEXT: {{^}}                                                              ^~~~~~~~~~~~~~{{$}}
pe.matmul pb[:, 0:128], w8, v8[:, :, 0:128], perf=double_row, transpose=true
# The result is [M x N]: M and N are the columns, half the free sizes.
# CHECK-NEXT: {{^.*/}}verify-matmul-double-row.s:[[@LINE+3]]:11: error: the result is [128 x 256] (stationary M x moving N), but 'dst' is [128 x 512]{{$}}
# CHECK-NEXT: {{^}}pe.matmul p, w8, v8[:, :, 0:256], perf=double_row{{$}}
# CHECK-NEXT: {{^}}          ^{{$}}
pe.matmul p, w8, v8[:, :, 0:256], perf=double_row
# perf=none keeps its limits: 128 stationary columns, 512 moving columns.
# CHECK-NEXT: {{^.*/}}verify-matmul-double-row.s:[[@LINE+3]]:14: error: operand 'stationary' of 'matmul' has 256 elements per partition; at most 128 are allowed{{$}}
# CHECK-NEXT: {{^}}pe.matmul p, w8, v8[:, 0, :]{{$}}
# CHECK-NEXT: {{^}}             ^~{{$}}
pe.matmul p, w8, v8[:, 0, :]
# CHECK-NEXT: {{^.*/}}verify-matmul-double-row.s:[[@LINE+3]]:27: error: operand 'moving' of 'matmul' has 1024 elements per partition; at most 512 are allowed{{$}}
# CHECK-NEXT: {{^}}pe.matmul p, w8[:, 0, :], v8{{$}}
# CHECK-NEXT: {{^}}                          ^~{{$}}
pe.matmul p, w8[:, 0, :], v8
# CHECK-NEXT: {{^.*/}}verify-matmul-double-row.s:[[@LINE+3]]:20: error: operand 'stationary' of 'load_stationary' has 256 elements per partition; at most 128 are allowed{{$}}
# CHECK-NEXT: {{^}}pe.load_stationary w8{{$}}
# CHECK-NEXT: {{^}}                   ^~{{$}}
pe.load_stationary w8
# A multiply uses the stationary in the mode it was loaded in.
pe.load_stationary w8, perf=double_row
# CHECK-NEXT: {{^.*/}}verify-matmul-double-row.s:[[@LINE+6]]:1: error: perf=none but the stationary at this tile was loaded with perf=double_row: a multiply uses its stationary in the mode it was loaded in{{$}}
# CHECK-NEXT: {{^}}pe.multiply_moving p, v8[:, 0, :]{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}verify-matmul-double-row.s:[[@LINE-4]]:1: note: the stationary [128 x 128] fp8_e4m3 (perf=double_row) was loaded here{{$}}
# CHECK-NEXT: {{^}}pe.load_stationary w8, perf=double_row{{$}}
# CHECK-NEXT: {{^}}^{{$}}
pe.multiply_moving p, v8[:, 0, :]
# CHECK-NEXT: {{^}}12 errors generated.{{$}}
# CHECK-NOT:  {{.}}
