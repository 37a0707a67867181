# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A multi-bank allocation starts on a bank boundary.

.psum a : fp32[128, 1024] bank 2
# CHECK:      {{^.*/}}alloc-psum-multibank-align.s:[[@LINE+3]]:15: error: 'b' spans several PSUM banks, so it must start on a bank boundary (a multiple of 2048), not at 1024{{$}}
# CHECK-NEXT: {{^}}.psum b : fp32[128, 1024] at 1024{{$}}
# CHECK-NEXT: {{^}}              ^~~~~~~~~~~{{$}}
.psum b : fp32[128, 1024] at 1024
# CHECK-NEXT: {{^}}1 error generated.{{$}}
