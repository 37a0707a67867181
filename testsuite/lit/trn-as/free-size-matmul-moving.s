# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# matmul's moving operand holds at most 512 columns.

.sbuf w : bf16[128, 128]
.sbuf v : bf16[128, 1024]
.psum p : fp32[128, 512]
pe.matmul p, w, v[:, 0:512]
# CHECK:      {{^.*/}}free-size-matmul-moving.s:[[@LINE+3]]:17: error: operand 'moving' of 'matmul' has 1024 elements per partition; at most 512 are allowed{{$}}
# CHECK-NEXT: {{^}}pe.matmul p, w, v{{$}}
# CHECK-NEXT: {{^}}                ^{{$}}
pe.matmul p, w, v
# CHECK-NEXT: {{^}}1 error generated.{{$}}
