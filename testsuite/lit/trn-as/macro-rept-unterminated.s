# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A .rept without its .endr (an inner one is matched first); a .irp too.

.irp r, 1, 2
    sp.li r\r, 0
.rept 2
    sp.nop
.endr

# CHECK:      {{^.*/}}macro-rept-unterminated.s:7:1: error: '.irp' without a matching '.endr'{{$}}
# CHECK-NEXT: {{^}}.irp r, 1, 2{{$}}
# CHECK-NEXT: {{^}}^~~~{{$}}
# CHECK-NEXT: {{^}}1 error generated.{{$}}
