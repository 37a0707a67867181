# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Initial data needs one value per element.

# CHECK:      {{^.*/}}init-count.s:[[@LINE+3]]:32: error: tensor 't' has 4 elements but its initial data has 3{{$}}
# CHECK-NEXT: {{^}}.tensor t : fp32[2, 2] input = [1, 2, 3]{{$}}
# CHECK-NEXT: {{^}}                               ^~~~~~~~~{{$}}
.tensor t : fp32[2, 2] input = [1, 2, 3]
# CHECK-NEXT: {{^.*/}}init-count.s:[[@LINE+3]]:29: error: tensor 'u' has 2 elements but its initial data has 3{{$}}
# CHECK-NEXT: {{^}}.tensor u : fp32[2] input = [1, 2, 3]{{$}}
# CHECK-NEXT: {{^}}                            ^~~~~~~~~{{$}}
.tensor u : fp32[2] input = [1, 2, 3]
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
