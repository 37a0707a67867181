# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Malformed initial data.

# CHECK:      {{^.*/}}init-malformed.s:[[@LINE+3]]:33: error: expected a number in the initial data{{$}}
# CHECK-NEXT: {{^}}.tensor a : fp32[2] input = [1, x]{{$}}
# CHECK-NEXT: {{^}}                                ^{{$}}
.tensor a : fp32[2] input = [1, x]
# CHECK-NEXT: {{^.*/}}init-malformed.s:[[@LINE+3]]:35: error: expected ')', found ','{{$}}
# CHECK-NEXT: {{^}}.tensor b : fp32[2] input = fill(1, 2){{$}}
# CHECK-NEXT: {{^}}                                  ^{{$}}
.tensor b : fp32[2] input = fill(1, 2)
# CHECK-NEXT: {{^.*/}}init-malformed.s:[[@LINE+3]]:29: error: expected '[' or fill(...) for the initial data, found '1'{{$}}
# CHECK-NEXT: {{^}}.tensor c : fp32[2] input = 1{{$}}
# CHECK-NEXT: {{^}}                            ^{{$}}
.tensor c : fp32[2] input = 1
# CHECK-NEXT: {{^}}3 errors generated.{{$}}
