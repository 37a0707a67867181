# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A comma with nothing after it. After the last operand the message says an
# operand should follow; before another comma, that a tensor was expected.

.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}operand-trailing-comma.s:[[@LINE+3]]:22: error: expected an operand after ','{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy x, x,{{$}}
# CHECK-NEXT: {{^}}                     ^{{$}}
dve.tensor_copy x, x,
# CHECK-NEXT: {{^.*/}}operand-trailing-comma.s:[[@LINE+3]]:19: error: operand 'src' of 'tensor_copy' is a tensor: expected a tensor name, a slice or ap(...), found ','{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy x,, x{{$}}
# CHECK-NEXT: {{^}}                  ^{{$}}
dve.tensor_copy x,, x
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
