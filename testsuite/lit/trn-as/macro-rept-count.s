# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A .rept count is a constant expression, not negative; a .irp needs a
# symbol. A bad header still takes its body (nothing in it is read).

.rept -1
    sp.nop
.endr
.rept nope
    sp.nop
.endr
.irp
    sp.nop
.endr
.irp 1, 2
    sp.nop
.endr
.rept 1 2
    sp.nop
.endr

# CHECK:      {{^.*/}}macro-rept-count.s:8:7: error: '.rept' count -1 is negative{{$}}
# CHECK-NEXT: {{^}}.rept -1{{$}}
# CHECK-NEXT: {{^}}      ^~{{$}}
# CHECK-NEXT: {{^.*/}}macro-rept-count.s:11:7: error: undefined constant 'nope'{{$}}
# CHECK-NEXT: {{^}}.rept nope{{$}}
# CHECK-NEXT: {{^}}      ^~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-rept-count.s:14:5: error: expected the name of the '.irp' symbol, found end of line{{$}}
# CHECK-NEXT: {{^}}.irp{{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
# CHECK-NEXT: {{^.*/}}macro-rept-count.s:17:6: error: expected the name of the '.irp' symbol, found '1'{{$}}
# CHECK-NEXT: {{^}}.irp 1, 2{{$}}
# CHECK-NEXT: {{^}}     ^{{$}}
# CHECK-NEXT: {{^.*/}}macro-rept-count.s:20:9: error: expected end of line, found '2'{{$}}
# CHECK-NEXT: {{^}}.rept 1 2{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK-NEXT: {{^}}5 errors generated.{{$}}
