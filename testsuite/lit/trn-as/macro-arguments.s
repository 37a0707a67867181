# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Arguments that do not fit the parameters: one too many, a parameter
# without a default left out (an empty argument takes the default), a
# parameter given twice, a keyword that is no parameter, a bad token.

.macro m a, b=2
    sp.li r1, \a + \b
.endm
    m 1, , 3
    m
    m 1, a=2
    m 1, c=2
    m 1 !
    m 1,

# CHECK:      {{^.*/}}macro-arguments.s:12:12: error: macro 'm' takes 2 arguments (a, b); this is one too many{{$}}
# CHECK-NEXT: {{^}}    m 1, , 3{{$}}
# CHECK-NEXT: {{^}}           ^{{$}}
# CHECK-NEXT: {{^.*/}}macro-arguments.s:13:5: error: macro 'm' needs a value for 'a' (its parameters: a, b){{$}}
# CHECK-NEXT: {{^}}    m{{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
# CHECK-NEXT: {{^.*/}}macro-arguments.s:14:10: error: argument 'a' is given twice{{$}}
# CHECK-NEXT: {{^}}    m 1, a=2{{$}}
# CHECK-NEXT: {{^}}         ^~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-arguments.s:15:10: error: macro 'm' has no parameter 'c' (its parameters: a, b){{$}}
# CHECK-NEXT: {{^}}    m 1, c=2{{$}}
# CHECK-NEXT: {{^}}         ^{{$}}
# CHECK-NEXT: {{^.*/}}macro-arguments.s:16:9: error: unexpected character '!'{{$}}
# CHECK-NEXT: {{^}}    m 1 !{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK-NEXT: {{^}}5 errors generated.{{$}}
