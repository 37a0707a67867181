# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Every backslash in a body must be replaced by something, checked where
# the body is written: an unknown name (a parameter misspelt), \+ outside a
# .rept or .irp, \@ outside a macro, a lone backslash. A comment is not
# read.

.macro m dst
    sp.li \dts, \@ + \+   # \nothing in a comment
    sp.li \dst, 1 \
.endm
.rept 2
    sp.li r1, \@ + \i
.endr
.irp i, 1
    sp.li r\i, \j
.endr

# CHECK:      {{^.*/}}macro-unknown-reference.s:11:11: error: unknown name '\dts': the macro binds '\dst'{{$}}
# CHECK-NEXT: {{^}}    sp.li \dts, \@ + \+   # \nothing in a comment{{$}}
# CHECK-NEXT: {{^}}          ^~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-unknown-reference.s:11:22: error: '\+' counts iterations: it belongs in a '.rept' or '.irp' body{{$}}
# CHECK-NEXT: {{^}}    sp.li \dts, \@ + \+   # \nothing in a comment{{$}}
# CHECK-NEXT: {{^}}                     ^~{{$}}
# CHECK-NEXT: {{^.*/}}macro-unknown-reference.s:12:19: error: '\' must be followed by a name, '@', '+' or '()'{{$}}
# CHECK-NEXT: {{^}}    sp.li \dst, 1 \{{$}}
# CHECK-NEXT: {{^}}                  ^{{$}}
# CHECK-NEXT: {{^.*/}}macro-unknown-reference.s:15:15: error: '\@' counts macro expansions: it belongs in a macro's body{{$}}
# CHECK-NEXT: {{^}}    sp.li r1, \@ + \i{{$}}
# CHECK-NEXT: {{^}}              ^~{{$}}
# CHECK-NEXT: {{^.*/}}macro-unknown-reference.s:15:20: error: unknown name '\i': this '.rept' binds no names{{$}}
# CHECK-NEXT: {{^}}    sp.li r1, \@ + \i{{$}}
# CHECK-NEXT: {{^}}                   ^~{{$}}
# CHECK-NEXT: {{^.*/}}macro-unknown-reference.s:18:16: error: unknown name '\j': this '.irp' binds '\i'{{$}}
# CHECK-NEXT: {{^}}    sp.li r\i, \j{{$}}
# CHECK-NEXT: {{^}}               ^~{{$}}
# CHECK-NEXT: {{^}}6 errors generated.{{$}}
