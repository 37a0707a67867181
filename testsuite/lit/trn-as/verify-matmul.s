# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# matmul: dst[M, N] = stationary[K, M]^T . moving[K, N]. K is the
# partitions of both inputs; dst has M partitions and N elements per
# partition. fp32 and tf32 pair only with each other, fp8_e4m3fn not with
# the older fp8s; the result is fp32 unless transpose=true.
.chip trn3

.sbuf w : bf16[64, 32]
.sbuf wf : fp32[64, 32]
.sbuf v : bf16[64, 128]
.sbuf v8 : fp8_e4m3[64, 128]
.sbuf w8 : fp8_e4m3fn[64, 32]
.psum p : fp32[64, 128]
.psum ph : bf16[32, 128]
pe.matmul p[0:32], w, v
# CHECK:      {{^.*/}}verify-matmul.s:[[@LINE+3]]:23: error: 'moving' has 32 partitions but the stationary has K = 64: the contraction runs over partitions{{$}}
# CHECK-NEXT: {{^}}pe.matmul p[0:32], w, v[0:32]{{$}}
# CHECK-NEXT: {{^}}                      ^~~~~~~{{$}}
pe.matmul p[0:32], w, v[0:32]
# CHECK-NEXT: {{^.*/}}verify-matmul.s:[[@LINE+3]]:11: error: the result is [32 x 128] (stationary M x moving N), but 'dst' is [64 x 128]{{$}}
# CHECK-NEXT: {{^}}pe.matmul p, w, v{{$}}
# CHECK-NEXT: {{^}}          ^{{$}}
pe.matmul p, w, v
# CHECK-NEXT: {{^.*/}}verify-matmul.s:[[@LINE+3]]:11: error: the result is [32 x 128] (stationary M x moving N), but 'dst' is [32 x 64]{{$}}
# CHECK-NEXT: {{^}}pe.matmul p[0:32, 0:64], w, v{{$}}
# CHECK-NEXT: {{^}}          ^~~~~~~~~~~~~{{$}}
pe.matmul p[0:32, 0:64], w, v
# CHECK-NEXT: {{^.*/}}verify-matmul.s:[[@LINE+3]]:24: error: fp32 and tf32 pair only with each other: stationary fp32, moving bf16{{$}}
# CHECK-NEXT: {{^}}pe.matmul p[0:32], wf, v{{$}}
# CHECK-NEXT: {{^}}                       ^{{$}}
pe.matmul p[0:32], wf, v
# CHECK-NEXT: {{^.*/}}verify-matmul.s:[[@LINE+3]]:24: error: fp8_e4m3fn cannot be mixed with fp8_e4m3/fp8_e5m2: stationary fp8_e4m3fn, moving fp8_e4m3{{$}}
# CHECK-NEXT: {{^}}pe.matmul p[0:32], w8, v8{{$}}
# CHECK-NEXT: {{^}}                       ^~{{$}}
pe.matmul p[0:32], w8, v8
# CHECK-NEXT: {{^.*/}}verify-matmul.s:[[@LINE+3]]:11: error: a matmul result is fp32 (bf16/fp16 only with transpose=true){{$}}
# CHECK-NEXT: {{^}}pe.matmul ph, w, v{{$}}
# CHECK-NEXT: {{^}}          ^~{{$}}
pe.matmul ph, w, v
# CHECK-NEXT: {{^}}6 errors generated.{{$}}
# CHECK-NOT:  {{.}}
