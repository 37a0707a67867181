# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
# RUN: printf '.rept 2000000\n.endr\n' > %t.empty.s
# RUN: not trn-as %t.empty.s -o %t.o 2>&1 | FileCheck --check-prefix=EMPTY %s
# RUN: not trn-as %S/Inputs/macro-bytes.s -o %t.o 2>&1 | FileCheck --check-prefix=BYTES %s
#
# All expansions together make at most 1000000 lines (an empty body counts
# one line per iteration) and 64 MiB of text; past either, assembly stops
# with an error naming the limit, before the expansion is made.
#
# EMPTY: error: expansions would make more than 1000000 lines, the limit for all of them together
# BYTES: macro-bytes.s:7:5: error: expansions would make more than 64 MiB of text, the limit for all of them together
# BYTES: macro-bytes.s:24:5: note: in expansion of macro 'm6' here

.rept 1000
.rept 100000
    sp.nop
.endr
.endr

# CHECK:      {{^.*/}}macro-expansion-limit.s:17:1: error: expansions would make more than 1000000 lines, the limit for all of them together{{$}}
# CHECK-NEXT: {{^}}.rept 100000{{$}}
# CHECK-NEXT: {{^}}^~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-expansion-limit.s:16:1: note: in iteration 10 of 1000 of '.rept' here{{$}}
# CHECK-NEXT: {{^}}.rept 1000{{$}}
# CHECK-NEXT: {{^}}^~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-expansion-limit.s: note: stopping after 1 error: the rest of the input is not read{{$}}
# CHECK-NEXT: {{^}}1 error generated.{{$}}
