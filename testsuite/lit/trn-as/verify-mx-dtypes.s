# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# The dtypes of matmul_mx and quantize_mx: packed x4 data (fp8_e4m3fn_x4,
# fp8_e5m2_x4, fp4_e2m1_x4 for matmul_mx; the two fp8 ones out of
# quantize_mx), E8M0 scales as uint8 or fp8_e8m0, bf16/fp16 into
# quantize_mx, an fp32 or bf16 matmul_mx result.
.chip trn3
.sbuf a : fp8_e4m3fn_x4[128, 64]
.sbuf a8 : fp8_e4m3fn[128, 64]
.sbuf sa : uint8[128, 64]
.sbuf sf : fp32[128, 64]
.psum p : fp32[64, 64]
.psum ph : fp16[64, 64]
.sbuf x : bf16[128, 256]
.sbuf xf : fp32[128, 256]
.sbuf q4 : fp4_e2m1_x4[128, 64]
# unpacked fp8 data
# CHECK:      {{^.*/}}verify-mx-dtypes.s:[[@LINE+3]]:17: error: operand 'stationary' of 'matmul_mx' cannot be fp8_e4m3fn: expected fp8_e4m3fn_x4, fp8_e5m2_x4, fp4_e2m1_x4{{$}}
# CHECK-NEXT: {{^}}pe.matmul_mx p, a8, a, sa, sa{{$}}
# CHECK-NEXT: {{^}}                ^~{{$}}
pe.matmul_mx p, a8, a, sa, sa
# CHECK-NEXT: {{^.*/}}verify-mx-dtypes.s:[[@LINE+3]]:20: error: operand 'moving' of 'matmul_mx' cannot be fp8_e4m3fn: expected fp8_e4m3fn_x4, fp8_e5m2_x4, fp4_e2m1_x4{{$}}
# CHECK-NEXT: {{^}}pe.matmul_mx p, a, a8, sa, sa{{$}}
# CHECK-NEXT: {{^}}                   ^~{{$}}
pe.matmul_mx p, a, a8, sa, sa
# scales that are not E8M0 codes
# CHECK-NEXT: {{^.*/}}verify-mx-dtypes.s:[[@LINE+3]]:23: error: operand 'stationary_scale' of 'matmul_mx' cannot be fp32: expected uint8, fp8_e8m0{{$}}
# CHECK-NEXT: {{^}}pe.matmul_mx p, a, a, sf, sa{{$}}
# CHECK-NEXT: {{^}}                      ^~{{$}}
pe.matmul_mx p, a, a, sf, sa
# an fp16 result
# CHECK-NEXT: {{^.*/}}verify-mx-dtypes.s:[[@LINE+3]]:14: error: operand 'dst' of 'matmul_mx' cannot be fp16: expected fp32, bf16{{$}}
# CHECK-NEXT: {{^}}pe.matmul_mx ph, a, a, sa, sa{{$}}
# CHECK-NEXT: {{^}}             ^~{{$}}
pe.matmul_mx ph, a, a, sa, sa
# quantize_mx: fp32 in, fp4 out (it makes MXFP8 only), bf16 scales
# CHECK-NEXT: {{^.*/}}verify-mx-dtypes.s:[[@LINE+3]]:20: error: operand 'src' of 'quantize_mx' cannot be fp32: expected bf16, fp16{{$}}
# CHECK-NEXT: {{^}}dve.quantize_mx a, xf, sa{{$}}
# CHECK-NEXT: {{^}}                   ^~{{$}}
dve.quantize_mx a, xf, sa
# CHECK-NEXT: {{^.*/}}verify-mx-dtypes.s:[[@LINE+3]]:17: error: operand 'dst' of 'quantize_mx' cannot be fp4_e2m1_x4: expected fp8_e4m3fn_x4, fp8_e5m2_x4{{$}}
# CHECK-NEXT: {{^}}dve.quantize_mx q4, x, sa{{$}}
# CHECK-NEXT: {{^}}                ^~{{$}}
dve.quantize_mx q4, x, sa
# CHECK-NEXT: {{^.*/}}verify-mx-dtypes.s:[[@LINE+3]]:23: error: operand 'dst_scale' of 'quantize_mx' cannot be bf16: expected uint8, fp8_e8m0{{$}}
# CHECK-NEXT: {{^}}dve.quantize_mx a, x, ap(sbuf bf16, 0:128, addr(x), [1, 64]){{$}}
# CHECK-NEXT: {{^}}                      ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
dve.quantize_mx a, x, ap(sbuf bf16, 0:128, addr(x), [1, 64])
# CHECK-NEXT: {{^}}7 errors generated.{{$}}
# CHECK-NOT:  {{.}}
