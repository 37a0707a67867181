# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# hex(...) gives exactly two hex digits per byte. The length message says how
# many digits were given; a non-hex character is named (the length is not
# checked then: "0000803g" has the right length anyway).

# CHECK:      {{^.*/}}init-hex-length.s:[[@LINE+3]]:33: error: tensor 'a' has 2 bytes: hex(...) needs exactly 4 hex digits, not 6{{$}}
# CHECK-NEXT: {{^}}.tensor a : int8[2] input = hex("0102ff"){{$}}
# CHECK-NEXT: {{^}}                                ^~~~~~~{{$}}
.tensor a : int8[2] input = hex("0102ff")
# CHECK-NEXT: {{^.*/}}init-hex-length.s:[[@LINE+3]]:33: error: 'g' in hex(...) is not a hex digit{{$}}
# CHECK-NEXT: {{^}}.tensor b : fp32[1] input = hex("0000803g"){{$}}
# CHECK-NEXT: {{^}}                                ^~~~~~~~~{{$}}
.tensor b : fp32[1] input = hex("0000803g")
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
