# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A matmul result must lie within one 2 KiB PSUM bank.

.sbuf w : fp32[128, 128]
.sbuf v : fp32[128, 512]
.psum lo : fp32[128, 512]
.psum acc : fp32[128, 1024]
pe.matmul acc[:, 0:512], w, v
# CHECK:      {{^.*/}}matmul-psum-bank.s:[[@LINE+3]]:11: error: operand 'dst' of 'matmul' spans PSUM bytes 3648 to 4159, crossing the bank boundary at 4096: it must lie within one 2048-byte bank{{$}}
# CHECK-NEXT: {{^}}pe.matmul acc[:, 400:528], w, v[:, 0:128]{{$}}
# CHECK-NEXT: {{^}}          ^~~~~~~~~~~~~~~{{$}}
pe.matmul acc[:, 400:528], w, v[:, 0:128]
# CHECK-NEXT: {{^}}1 error generated.{{$}}
