# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Tensor declarations: misaligned address, too many dimensions, HBM capacity.

.chip trn1
# CHECK:      {{^.*/}}tensor-bad-clauses.s:[[@LINE+3]]:32: error: address 2 is not a multiple of the dtype's 4 bytes{{$}}
# CHECK-NEXT: {{^}}.tensor mis : fp32[4] input at 2{{$}}
# CHECK-NEXT: {{^}}                               ^{{$}}
.tensor mis : fp32[4] input at 2
# CHECK-NEXT: {{^.*/}}tensor-bad-clauses.s:[[@LINE+3]]:44: error: a shape of rank 9: at most 8 dimensions{{$}}
# CHECK-NEXT: {{^}}.tensor r9 : fp32[1, 1, 1, 1, 1, 1, 1, 1, 1] input{{$}}
# CHECK-NEXT: {{^}}                                           ^{{$}}
.tensor r9 : fp32[1, 1, 1, 1, 1, 1, 1, 1, 1] input
# CHECK-NEXT: {{^.*/}}tensor-bad-clauses.s:[[@LINE+3]]:20: error: tensor 'huge' (68719476736 bytes at 0x0) does not fit the 32 GiB of trn1 HBM{{$}}
# CHECK-NEXT: {{^}}.tensor huge : fp32[65536, 65536, 4] input{{$}}
# CHECK-NEXT: {{^}}                   ^~~~~~~~~~~~~~~~~~~~~~~{{$}}
.tensor huge : fp32[65536, 65536, 4] input
# CHECK-NEXT: {{^}}3 errors generated.{{$}}
