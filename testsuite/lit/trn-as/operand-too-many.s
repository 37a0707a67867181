# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
# RUN: sh -c 'trn-as "$0" -o "$1" 2>/dev/null; echo "exit status $?"' %s %t.o | FileCheck --check-prefix=STATUS %s
# RUN: test ! -e %t.o
# STATUS: {{^}}exit status 2{{$}}
#
# One operand too many.

.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}operand-too-many.s:[[@LINE+3]]:23: error: 'tensor_copy' takes 2 operands (dst, src); this is one too many{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy x, x, x{{$}}
# CHECK-NEXT: {{^}}                      ^{{$}}
dve.tensor_copy x, x, x
# CHECK-NEXT: {{^}}1 error generated.{{$}}
