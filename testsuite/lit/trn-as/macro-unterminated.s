# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A .macro without its .endm takes the rest of the file: one error at the
# .macro, nothing read after it.

.macro m a
    sp.li r1, \a
.rept 2
    sp.nop
.endr

# CHECK:      {{^.*/}}macro-unterminated.s:8:1: error: '.macro' without a matching '.endm'{{$}}
# CHECK-NEXT: {{^}}.macro m a{{$}}
# CHECK-NEXT: {{^}}^~~~~~{{$}}
# CHECK-NEXT: {{^}}1 error generated.{{$}}
