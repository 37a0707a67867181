# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# hex(...) gives exactly two hex digits per byte. A non-hex character is
# reported as a wrong length.

# CHECK:      {{^.*/}}init-hex-length.s:[[@LINE+3]]:33: error: tensor 'a' has 2 bytes: hex(...) needs exactly 4 hex digits{{$}}
# CHECK-NEXT: {{^}}.tensor a : int8[2] input = hex("0102ff"){{$}}
# CHECK-NEXT: {{^}}                                ^~~~~~~{{$}}
.tensor a : int8[2] input = hex("0102ff")
# CHECK-NEXT: {{^.*/}}init-hex-length.s:[[@LINE+3]]:33: error: tensor 'b' has 4 bytes: hex(...) needs exactly 8 hex digits{{$}}
# CHECK-NEXT: {{^}}.tensor b : fp32[1] input = hex("0000803g"){{$}}
# CHECK-NEXT: {{^}}                                ^~~~~~~~~{{$}}
.tensor b : fp32[1] input = hex("0000803g")
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
