# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# '.chip' comes first; a declaration fixes the default chip, and a later
# '.chip' is an error even when it names that default (trn2).

.tensor t : fp32[4] input
# CHECK:      {{^.*/}}chip-after-declaration.s:[[@LINE+3]]:1: error: '.chip' must come before any declaration or instruction{{$}}
# CHECK-NEXT: {{^}}.chip trn1{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~{{$}}
.chip trn1
# CHECK-NEXT: {{^.*/}}chip-after-declaration.s:[[@LINE+3]]:1: error: '.chip' must come before any declaration or instruction{{$}}
# CHECK-NEXT: {{^}}.chip trn2{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~{{$}}
.chip trn2
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
