# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# An allocation of at most one bank must lie within one bank.

.psum a : fp32[128, 256] at 1024
# CHECK:      {{^.*/}}alloc-psum-cross-bank.s:[[@LINE+3]]:15: error: 'b' (bytes 1536 to 2559) crosses the PSUM bank boundary at 2048: an allocation of at most one bank (2048 bytes) must lie within one bank{{$}}
# CHECK-NEXT: {{^}}.psum b : fp32[128, 256] at 1536{{$}}
# CHECK-NEXT: {{^}}              ^~~~~~~~~~{{$}}
.psum b : fp32[128, 256] at 1536
# CHECK-NEXT: {{^}}1 error generated.{{$}}
