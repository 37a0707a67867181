# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A number running into letters.

# CHECK:      {{^.*/}}lex-bad-number.s:[[@LINE+3]]:12: error: invalid number '12ab'{{$}}
# CHECK-NEXT: {{^}}.const A = 12ab{{$}}
# CHECK-NEXT: {{^}}           ^~~~{{$}}
.const A = 12ab
# CHECK-NEXT: {{^.*/}}lex-bad-number.s:[[@LINE+3]]:12: error: invalid hexadecimal number '0x'{{$}}
# CHECK-NEXT: {{^}}.const B = 0x{{$}}
# CHECK-NEXT: {{^}}           ^~{{$}}
.const B = 0x
# CHECK-NEXT: {{^.*/}}lex-bad-number.s:[[@LINE+3]]:12: error: invalid binary number '0b102'{{$}}
# CHECK-NEXT: {{^}}.const C = 0b102{{$}}
# CHECK-NEXT: {{^}}           ^~~~~{{$}}
.const C = 0b102
# CHECK-NEXT: {{^.*/}}lex-bad-number.s:[[@LINE+3]]:12: error: integer '99999999999999999999' does not fit in 64 bits{{$}}
# CHECK-NEXT: {{^}}.const D = 99999999999999999999{{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~~~~~~~~~~{{$}}
.const D = 99999999999999999999
# CHECK-NEXT: {{^}}4 errors generated.{{$}}
