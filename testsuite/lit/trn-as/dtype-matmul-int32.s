# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# TensorE inputs are floating point.

.sbuf w : int32[128, 128]
.sbuf v : fp32[128, 64]
.psum p : fp32[128, 64]
# CHECK:      {{^.*/}}dtype-matmul-int32.s:[[@LINE+3]]:14: error: operand 'stationary' of 'matmul' cannot be int32: expected fp32, bf16, fp16, tf32, fp8_e4m3, fp8_e5m2, fp8_e4m3fn{{$}}
# CHECK-NEXT: {{^}}pe.matmul p, w, v{{$}}
# CHECK-NEXT: {{^}}             ^{{$}}
pe.matmul p, w, v
# CHECK-NEXT: {{^}}1 error generated.{{$}}
