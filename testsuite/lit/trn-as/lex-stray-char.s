# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Characters that are not part of the language. After an instruction that
# takes no operands, a stray character is currently reported as an extra
# operand rather than as the bad character it is.

# CHECK:      {{^.*/}}lex-stray-char.s:[[@LINE+3]]:12: error: unexpected character '$'{{$}}
# CHECK-NEXT: {{^}}.const A = ${{$}}
# CHECK-NEXT: {{^}}           ^{{$}}
.const A = $
# CHECK-NEXT: {{^.*/}}lex-stray-char.s:[[@LINE+3]]:8: error: 'nop' takes 0 operands; this is one too many{{$}}
# CHECK-NEXT: {{^}}sp.nop !{{$}}
# CHECK-NEXT: {{^}}       ^{{$}}
sp.nop !
# CHECK-NEXT: {{^.*/}}lex-stray-char.s:[[@LINE+3]]:13: error: unexpected character '?'{{$}}
# CHECK-NEXT: {{^}}sp.li r1, 1 ? 2{{$}}
# CHECK-NEXT: {{^}}            ^{{$}}
sp.li r1, 1 ? 2
# CHECK-NEXT: {{^}}3 errors generated.{{$}}
