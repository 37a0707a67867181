# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Unbalanced parentheses.

# CHECK:      {{^.*/}}expr-unbalanced-paren.s:[[@LINE+3]]:18: error: expected ')', found end of line{{$}}
# CHECK-NEXT: {{^}}.const A = (1 + 2{{$}}
# CHECK-NEXT: {{^}}                 ^{{$}}
.const A = (1 + 2
# CHECK-NEXT: {{^.*/}}expr-unbalanced-paren.s:[[@LINE+3]]:19: error: expected end of line, found ')'{{$}}
# CHECK-NEXT: {{^}}.const B = (1 + 2)){{$}}
# CHECK-NEXT: {{^}}                  ^{{$}}
.const B = (1 + 2))
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
