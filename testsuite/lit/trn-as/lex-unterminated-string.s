# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A string without its closing quote.

# CHECK:      {{^.*/}}lex-unterminated-string.s:[[@LINE+3]]:10: error: missing closing '"' of a string{{$}}
# CHECK-NEXT: {{^}}.include "Inputs/consts.inc{{$}}
# CHECK-NEXT: {{^}}         ^~~~~~~~~~~~~~~~~~{{$}}
.include "Inputs/consts.inc
# CHECK-NEXT: {{^}}1 error generated.{{$}}
