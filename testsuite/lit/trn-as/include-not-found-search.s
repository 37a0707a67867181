# RUN: rm -f %t.o
# RUN: not trn-as -I %S/Inputs %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# With -I, the message says the -I folders were searched too (after the
# including file's folder and the current directory).

.include "consts.inc"
# CHECK:      {{^.*/}}include-not-found-search.s:[[@LINE+3]]:10: error: include file 'missing.inc' not found (searched the including file's folder, the current directory and -I folders){{$}}
# CHECK-NEXT: {{^}}.include "missing.inc"{{$}}
# CHECK-NEXT: {{^}}         ^~~~~~~~~~~~{{$}}
.include "missing.inc"
sp.li r1, ROWS
# CHECK-NEXT: {{^}}1 error generated.{{$}}
