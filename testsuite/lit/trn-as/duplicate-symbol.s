# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# One name for two declarations; the note points at the first.

.tensor data : fp32[128, 64] input
# CHECK:      {{^.*/}}duplicate-symbol.s:[[@LINE+3]]:7: error: 'data' is already defined{{$}}
# CHECK-NEXT: {{^}}.sbuf data : fp32[128, 64]{{$}}
# CHECK-NEXT: {{^}}      ^~~~{{$}}
.sbuf data : fp32[128, 64]
# CHECK-NEXT: {{^.*/}}duplicate-symbol.s:[[@LINE-5]]:9: note: previous definition is here{{$}}
# CHECK-NEXT: {{^}}.tensor data : fp32[128, 64] input{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK-NEXT: {{^}}1 error generated.{{$}}
