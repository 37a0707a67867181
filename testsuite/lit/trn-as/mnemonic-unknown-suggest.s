# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# An unknown mnemonic close to a real one gets a suggestion.

.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}mnemonic-unknown-suggest.s:[[@LINE+3]]:5: error: unknown instruction 'tensor_cpy'; did you mean 'tensor_copy'?{{$}}
# CHECK-NEXT: {{^}}dve.tensor_cpy x, x{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~{{$}}
dve.tensor_cpy x, x
# CHECK-NEXT: {{^}}1 error generated.{{$}}
