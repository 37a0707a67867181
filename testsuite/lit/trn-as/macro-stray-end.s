# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# .endr, .endm and .exitm where no block is open; a label on the line of a
# block directive (bodies are found by their lines' first word).

.endr
.endm
.exitm
.rept 2
    .exitm
.endr
here: .rept 1
    sp.nop
.endr

# CHECK:      {{^.*/}}macro-stray-end.s:8:1: error: '.endr' without '.rept' or '.irp'{{$}}
# CHECK-NEXT: {{^}}.endr{{$}}
# CHECK-NEXT: {{^}}^~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-stray-end.s:9:1: error: '.endm' without '.macro'{{$}}
# CHECK-NEXT: {{^}}.endm{{$}}
# CHECK-NEXT: {{^}}^~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-stray-end.s:10:1: error: '.exitm' outside a macro{{$}}
# CHECK-NEXT: {{^}}.exitm{{$}}
# CHECK-NEXT: {{^}}^~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-stray-end.s:12:5: error: '.exitm' outside a macro{{$}}
# CHECK-NEXT: {{^}}    .exitm{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-stray-end.s:11:1: note: in iteration 1 of 2 of '.rept' here{{$}}
# CHECK-NEXT: {{^}}.rept 2{{$}}
# CHECK-NEXT: {{^}}^~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-stray-end.s:12:5: error: '.exitm' outside a macro{{$}}
# CHECK-NEXT: {{^}}    .exitm{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-stray-end.s:11:1: note: in iteration 2 of 2 of '.rept' here{{$}}
# CHECK-NEXT: {{^}}.rept 2{{$}}
# CHECK-NEXT: {{^}}^~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-stray-end.s:14:7: error: '.rept' must begin its line: put the label on the line before{{$}}
# CHECK-NEXT: {{^}}here: .rept 1{{$}}
# CHECK-NEXT: {{^}}      ^~~~~{{$}}
# CHECK-NEXT: {{^}}6 errors generated.{{$}}
