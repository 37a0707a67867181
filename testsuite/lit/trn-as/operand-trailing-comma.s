# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A comma with nothing after it. After the last operand it is taken for an
# extra operand (a poor message: nothing follows the comma); before it, for a
# missing tensor.

.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}operand-trailing-comma.s:[[@LINE+3]]:22: error: 'tensor_copy' takes 2 operands (dst, src); this is one too many{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy x, x,{{$}}
# CHECK-NEXT: {{^}}                     ^{{$}}
dve.tensor_copy x, x,
# CHECK-NEXT: {{^.*/}}operand-trailing-comma.s:[[@LINE+3]]:19: error: operand 'src' of 'tensor_copy' is a tensor: expected a tensor name, a slice or ap(...), found ','{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy x,, x{{$}}
# CHECK-NEXT: {{^}}                  ^{{$}}
dve.tensor_copy x,, x
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
