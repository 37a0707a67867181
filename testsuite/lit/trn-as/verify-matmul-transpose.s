# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# matmul transpose=true passes the stationary [K, M] through a K x K
# identity (the moving operand) into dst [M, K], bit-exactly: 16-bit types
# stay 16-bit, fp8 becomes 16-bit, fp32 stays fp32. It adds nothing, so
# acc=accumulate makes no sense with it. (That the moving operand holds
# the identity is a matter of its values: trn-emu checks it when it runs.)

.sbuf w : bf16[64, 32]
.sbuf w8 : fp8_e4m3[64, 32]
.sbuf id : bf16[64, 64]
.psum p : bf16[32, 64]
.psum pf : fp32[32, 64]
# Fine: bf16 through a 64 x 64 identity into bf16 [32, 64]; fp8 into bf16.
pe.matmul p, w, id, transpose=true
pe.matmul p, w8, id, transpose=true
# CHECK:      {{^.*/}}verify-matmul-transpose.s:[[@LINE+3]]:26: error: transpose=true needs a 64 x 64 identity as the 'moving' operand, not [64 x 32]{{$}}
# CHECK-NEXT: {{^}}pe.matmul p[:, 0:32], w, id[:, 0:32], transpose=true{{$}}
# CHECK-NEXT: {{^}}                         ^~~~~~~~~~~{{$}}
pe.matmul p[:, 0:32], w, id[:, 0:32], transpose=true
# CHECK-NEXT: {{^.*/}}verify-matmul-transpose.s:[[@LINE+3]]:11: error: a transpose of bf16 writes 2-byte elements, but 'dst' is fp32{{$}}
# CHECK-NEXT: {{^}}pe.matmul pf, w, id, transpose=true{{$}}
# CHECK-NEXT: {{^}}          ^~{{$}}
pe.matmul pf, w, id, transpose=true
# CHECK-NEXT: {{^.*/}}verify-matmul-transpose.s:[[@LINE+3]]:21: error: acc=accumulate cannot be combined with transpose=true: the transpose passes the stationary through to 'dst' and adds nothing{{$}}
# CHECK-NEXT: {{^}}pe.matmul p, w, id, acc=accumulate, transpose=true{{$}}
# CHECK-NEXT: {{^}}                    ^~~~~~~~~~~~~~{{$}}
pe.matmul p, w, id, acc=accumulate, transpose=true
# CHECK-NEXT: {{^}}3 errors generated.{{$}}
# CHECK-NOT:  {{.}}
