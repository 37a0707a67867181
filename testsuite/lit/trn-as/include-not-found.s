# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# An include file that is in neither the including file's folder, the current
# directory nor -I folders.

# CHECK:      {{^.*/}}include-not-found.s:[[@LINE+3]]:10: error: include file 'nothere.inc' not found (searched the including file's folder, the current directory){{$}}
# CHECK-NEXT: {{^}}.include "nothere.inc"{{$}}
# CHECK-NEXT: {{^}}         ^~~~~~~~~~~~{{$}}
.include "nothere.inc"
# CHECK-NEXT: {{^.*/}}include-not-found.s:[[@LINE+3]]:10: error: expected a file name in quotes, found 'nothere'{{$}}
# CHECK-NEXT: {{^}}.include nothere{{$}}
# CHECK-NEXT: {{^}}         ^~~~~~~{{$}}
.include nothere
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
