# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A macro that calls itself stops at the depth limit (100) with one error,
# however many calls each level makes; the notes show the first and last
# five levels (as clang's macro backtrace), and reading stops there.

.macro forever
    sp.nop
    forever
    forever
.endm
    forever
    sp.halt

# CHECK:      {{^.*/}}macro-recursion.s:11:5: error: expansions nested more than 100 deep, the limit (does a macro call itself?){{$}}
# CHECK-NEXT: {{^}}    forever{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-recursion.s:11:5: note: in expansion of macro 'forever' here{{$}}
# CHECK-NEXT: {{^}}    forever{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-recursion.s:11:5: note: in expansion of macro 'forever' here{{$}}
# CHECK-NEXT: {{^}}    forever{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-recursion.s:11:5: note: in expansion of macro 'forever' here{{$}}
# CHECK-NEXT: {{^}}    forever{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-recursion.s:11:5: note: in expansion of macro 'forever' here{{$}}
# CHECK-NEXT: {{^}}    forever{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-recursion.s:11:5: note: in expansion of macro 'forever' here{{$}}
# CHECK-NEXT: {{^}}    forever{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~{{$}}
# CHECK-NEXT: {{^}}note: (90 expansions not shown){{$}}
# CHECK-NEXT: {{^.*/}}macro-recursion.s:11:5: note: in expansion of macro 'forever' here{{$}}
# CHECK-NEXT: {{^}}    forever{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-recursion.s:11:5: note: in expansion of macro 'forever' here{{$}}
# CHECK-NEXT: {{^}}    forever{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-recursion.s:11:5: note: in expansion of macro 'forever' here{{$}}
# CHECK-NEXT: {{^}}    forever{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-recursion.s:11:5: note: in expansion of macro 'forever' here{{$}}
# CHECK-NEXT: {{^}}    forever{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-recursion.s:14:5: note: in expansion of macro 'forever' here{{$}}
# CHECK-NEXT: {{^}}    forever{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-recursion.s: note: stopping after 1 error: the rest of the input is not read{{$}}
# CHECK-NEXT: {{^}}1 error generated.{{$}}
