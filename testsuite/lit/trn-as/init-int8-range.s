# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Initial values must fit an integer dtype exactly.

.tensor a : int8[2] input = [-128, 127]
# CHECK:      {{^.*/}}init-int8-range.s:[[@LINE+3]]:29: error: initial value 200 does not fit int8{{$}}
# CHECK-NEXT: {{^}}.tensor b : int8[2] input = [1, 200]{{$}}
# CHECK-NEXT: {{^}}                            ^~~~~~~~{{$}}
.tensor b : int8[2] input = [1, 200]
# CHECK-NEXT: {{^.*/}}init-int8-range.s:[[@LINE+3]]:29: error: initial value -129 does not fit int8{{$}}
# CHECK-NEXT: {{^}}.tensor c : int8[2] input = [1, -129]{{$}}
# CHECK-NEXT: {{^}}                            ^~~~~~~~~{{$}}
.tensor c : int8[2] input = [1, -129]
# CHECK-NEXT: {{^.*/}}init-int8-range.s:[[@LINE+3]]:30: error: initial value -1 does not fit uint8{{$}}
# CHECK-NEXT: {{^}}.tensor d : uint8[1] input = [-1]{{$}}
# CHECK-NEXT: {{^}}                             ^~~~{{$}}
.tensor d : uint8[1] input = [-1]
# CHECK-NEXT: {{^.*/}}init-int8-range.s:[[@LINE+3]]:30: error: initial value 0.5 does not fit int32{{$}}
# CHECK-NEXT: {{^}}.tensor e : int32[1] input = fill(0.5){{$}}
# CHECK-NEXT: {{^}}                             ^~~~~~~~~{{$}}
.tensor e : int32[1] input = fill(0.5)
# CHECK-NEXT: {{^}}4 errors generated.{{$}}
