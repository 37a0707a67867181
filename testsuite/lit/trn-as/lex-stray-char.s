# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Characters that are not part of the language, wherever they are: after an
# instruction that takes no operands too.

# CHECK:      {{^.*/}}lex-stray-char.s:[[@LINE+3]]:12: error: unexpected character '$'{{$}}
# CHECK-NEXT: {{^}}.const A = ${{$}}
# CHECK-NEXT: {{^}}           ^{{$}}
.const A = $
# CHECK-NEXT: {{^.*/}}lex-stray-char.s:[[@LINE+3]]:8: error: unexpected character '!'{{$}}
# CHECK-NEXT: {{^}}sp.nop !{{$}}
# CHECK-NEXT: {{^}}       ^{{$}}
sp.nop !
# CHECK-NEXT: {{^.*/}}lex-stray-char.s:[[@LINE+3]]:13: error: unexpected character '?'{{$}}
# CHECK-NEXT: {{^}}sp.li r1, 1 ? 2{{$}}
# CHECK-NEXT: {{^}}            ^{{$}}
sp.li r1, 1 ? 2
# CHECK-NEXT: {{^}}3 errors generated.{{$}}
