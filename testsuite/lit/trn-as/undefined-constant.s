# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# An expression naming nothing, or naming a tensor.

.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}undefined-constant.s:[[@LINE+3]]:11: error: undefined constant 'UNDEF'{{$}}
# CHECK-NEXT: {{^}}sp.li r1, UNDEF + 1{{$}}
# CHECK-NEXT: {{^}}          ^~~~~{{$}}
sp.li r1, UNDEF + 1
# CHECK-NEXT: {{^.*/}}undefined-constant.s:[[@LINE+3]]:11: error: 'x' is not a constant{{$}}
# CHECK-NEXT: {{^}}sp.li r1, x{{$}}
# CHECK-NEXT: {{^}}          ^{{$}}
sp.li r1, x
# CHECK-NEXT: {{^.*/}}undefined-constant.s:[[@LINE+3]]:18: error: 'NOPE' is not a declared tensor or allocation{{$}}
# CHECK-NEXT: {{^}}sp.li r1, sizeof(NOPE){{$}}
# CHECK-NEXT: {{^}}                 ^~~~{{$}}
sp.li r1, sizeof(NOPE)
# CHECK-NEXT: {{^}}3 errors generated.{{$}}
