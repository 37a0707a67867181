# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Nothing may follow the include file name.

# CHECK:      {{^.*/}}include-trailing.s:[[@LINE+3]]:30: error: expected end of line after the include file name{{$}}
# CHECK-NEXT: {{^}}.include "Inputs/consts.inc" junk{{$}}
# CHECK-NEXT: {{^}}                             ^~~~{{$}}
.include "Inputs/consts.inc" junk
# CHECK-NEXT: {{^}}1 error generated.{{$}}
