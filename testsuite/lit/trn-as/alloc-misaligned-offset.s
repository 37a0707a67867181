# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# An explicit offset that is not a multiple of the dtype's size. The error points
# at the offset expression.

# CHECK:      {{^.*/}}alloc-misaligned-offset.s:[[@LINE+3]]:29: error: offset 6 is not a multiple of the dtype's 4 bytes{{$}}
# CHECK-NEXT: {{^}}.sbuf zz : fp32[128, 16] at 6{{$}}
# CHECK-NEXT: {{^}}                            ^{{$}}
.sbuf zz : fp32[128, 16] at 6
# CHECK-NEXT: {{^}}1 error generated.{{$}}
