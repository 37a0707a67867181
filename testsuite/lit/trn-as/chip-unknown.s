# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# An unknown chip name.

# CHECK:      {{^.*/}}chip-unknown.s:[[@LINE+3]]:7: error: unknown chip 'trn9': expected trn1, trn2, trn3 or trn4{{$}}
# CHECK-NEXT: {{^}}.chip trn9{{$}}
# CHECK-NEXT: {{^}}      ^~~~{{$}}
.chip trn9
# CHECK-NEXT: {{^}}1 error generated.{{$}}
