# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# range_select is trn2 and later.

.chip trn1
.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}chip-instr-newer.s:[[@LINE+3]]:5: error: 'range_select' needs trn2 or later; this program targets trn1{{$}}
# CHECK-NEXT: {{^}}dve.range_select x, x, greater_equal, 0.0, less, 8.0{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~~{{$}}
dve.range_select x, x, greater_equal, 0.0, less, 8.0
# CHECK-NEXT: {{^}}1 error generated.{{$}}
