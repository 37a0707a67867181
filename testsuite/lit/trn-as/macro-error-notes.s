# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# An error in an expansion is shown at the body line that was written, the
# caret under the reference that was replaced, then a note at each call
# site, innermost first: a macro called by a macro, in each iteration of a
# .rept. A redefined label in a macro's body points at both expansions.

.sbuf a : fp32[128, 64]
.macro inner src
    dve.tensor_copy a, \src
.endm
.macro outer x
    .rept 2
    inner \x
    .endr
.endm
    outer nosuch

.macro twice
here:
    sp.nop
.endm
    twice
    twice
    .irp v, 1, x9
    sp.li r1, \v
    .endr

# CHECK:      {{^.*/}}macro-error-notes.s:12:24: error: undefined tensor 'nosuch'{{$}}
# CHECK-NEXT: {{^}}    dve.tensor_copy a, \src{{$}}
# CHECK-NEXT: {{^}}                       ^~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-error-notes.s:16:5: note: in expansion of macro 'inner' here{{$}}
# CHECK-NEXT: {{^}}    inner \x{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-error-notes.s:15:5: note: in iteration 1 of 2 of '.rept' here{{$}}
# CHECK-NEXT: {{^}}    .rept 2{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-error-notes.s:19:5: note: in expansion of macro 'outer' here{{$}}
# CHECK-NEXT: {{^}}    outer nosuch{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-error-notes.s:12:24: error: undefined tensor 'nosuch'{{$}}
# CHECK-NEXT: {{^}}    dve.tensor_copy a, \src{{$}}
# CHECK-NEXT: {{^}}                       ^~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-error-notes.s:16:5: note: in expansion of macro 'inner' here{{$}}
# CHECK-NEXT: {{^}}    inner \x{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-error-notes.s:15:5: note: in iteration 2 of 2 of '.rept' here{{$}}
# CHECK-NEXT: {{^}}    .rept 2{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-error-notes.s:19:5: note: in expansion of macro 'outer' here{{$}}
# CHECK-NEXT: {{^}}    outer nosuch{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-error-notes.s:22:1: error: 'here' is already defined{{$}}
# CHECK-NEXT: {{^}}here:{{$}}
# CHECK-NEXT: {{^}}^~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-error-notes.s:26:5: note: in expansion of macro 'twice' here{{$}}
# CHECK-NEXT: {{^}}    twice{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-error-notes.s:22:1: note: previous definition is here{{$}}
# CHECK-NEXT: {{^}}here:{{$}}
# CHECK-NEXT: {{^}}^{{$}}
# CHECK-NEXT: {{^.*/}}macro-error-notes.s:25:5: note: in expansion of macro 'twice' here{{$}}
# CHECK-NEXT: {{^}}    twice{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-error-notes.s:28:15: error: undefined constant 'x9'{{$}}
# CHECK-NEXT: {{^}}    sp.li r1, \v{{$}}
# CHECK-NEXT: {{^}}              ^~{{$}}
# CHECK-NEXT: {{^.*/}}macro-error-notes.s:27:5: note: in iteration 2 of 2 of '.irp' (v = x9) here{{$}}
# CHECK-NEXT: {{^}}    .irp v, 1, x9{{$}}
# CHECK-NEXT: {{^}}    ^~~~{{$}}
# CHECK-NEXT: {{^}}4 errors generated.{{$}}
