# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A misspelt enum value gets a suggestion; a small enum lists its values.

.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}operand-enum-suggest.s:[[@LINE+3]]:28: error: operand 'op' of 'tensor_tensor' is an AluOp: expected one of its 32 values (see the ISA reference), found 'ad'; did you mean 'add'?{{$}}
# CHECK-NEXT: {{^}}dve.tensor_tensor x, x, x, ad{{$}}
# CHECK-NEXT: {{^}}                           ^~{{$}}
dve.tensor_tensor x, x, x, ad
# CHECK-NEXT: {{^.*/}}operand-enum-suggest.s:[[@LINE+3]]:45: error: operand 'negate' of 'tensor_reduce' is a Bool: expected false, true, found 'yes'{{$}}
# CHECK-NEXT: {{^}}dve.tensor_reduce x[:, 0:1], x, add, negate=yes{{$}}
# CHECK-NEXT: {{^}}                                            ^~~{{$}}
dve.tensor_reduce x[:, 0:1], x, add, negate=yes
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
