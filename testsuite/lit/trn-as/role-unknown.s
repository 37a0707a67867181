# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A tensor's role is input, output or scratch.

# CHECK:      {{^.*/}}role-unknown.s:[[@LINE+3]]:21: error: unknown role 'inout': expected input, output or scratch{{$}}
# CHECK-NEXT: {{^}}.tensor t : fp32[4] inout{{$}}
# CHECK-NEXT: {{^}}                    ^~~~~{{$}}
.tensor t : fp32[4] inout
# CHECK-NEXT: {{^.*/}}role-unknown.s:[[@LINE+3]]:20: error: expected the tensor's role: input, output or scratch, found end of line{{$}}
# CHECK-NEXT: {{^}}.tensor u : fp32[4]{{$}}
# CHECK-NEXT: {{^}}                   ^{{$}}
.tensor u : fp32[4]
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
